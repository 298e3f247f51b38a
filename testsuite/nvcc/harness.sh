# harness.sh -- what the tests of the plugin's nvcc runs share (sourced by
# nvcc-run.sh, nvcc-jobs.sh and device-cache.sh once they have set $work):
#   check NAME COMMAND...  runs COMMAND, prints PASS: NAME or FAIL: NAME
#   running PID            whether process PID runs (a zombie does not)
#   empty_dir DIR          whether DIR is empty
#   cc1_above PID          the cc1 that process PID descends from, on
#                          standard output: nvcc runs in a process that
#                          cc1 forked (named cc1 too), or in one that
#                          process forked
#   $default_signals       a command prefix that gives a compile back the
#                          default dispositions of SIGHUP, SIGINT, SIGQUIT
#                          and SIGTERM, where env can; else empty
#   interrupt SIG TARGET CC1 GROUP
#                          SIG to process CC1 (TARGET cc1) or to process
#                          group GROUP (TARGET group), then up to 10 s for
#                          CC1 to end
#   reported TARGET LOG    whether the driver's messages in LOG say that
#                          cc1 died of a signal (TARGET cc1; the driver
#                          itself gets one sent to the group)
#   finish TEST            the summary line and the exit status; $work
#                          goes when all passed

failed=0
check ()
{
  check_name=$1
  shift
  if "$@"; then
    echo "PASS: $check_name"
  else
    echo "FAIL: $check_name"
    failed=$((failed + 1))
  fi
}

running ()
{
  state=$(ps -o stat= -p "$1" 2> /dev/null)
  case $state in
    '' | Z*) return 1 ;;
  esac
}

empty_dir () { [ -z "$(ls -A "$1")" ]; }

cc1_above ()
{
  pid=$1 found=
  while [ -n "$pid" ] && [ "$pid" -gt 1 ]; do
    if [ "$(ps -o comm= -p "$pid" 2> /dev/null)" = cc1 ]; then
      found=$pid
    elif [ -n "$found" ]; then
      break
    fi
    pid=$(ps -o ppid= -p "$pid" 2> /dev/null | tr -d ' ')
  done
  [ -n "$found" ] && echo "$found"
}

# A shell's background job ignores SIGINT and SIGQUIT: a compile started
# with $default_signals and setsid gets the default dispositions back and
# a process group of its own, as a compile at a terminal has.
if env --default-signal=INT true 2> /dev/null; then
  default_signals='env --default-signal=HUP,INT,QUIT,TERM'
else
  default_signals=
fi

interrupt ()
{
  if [ "$2" = group ]; then
    env kill -s "$1" -- "-$4"
  else
    kill -s "$1" "$3"
  fi
  n=0
  while running "$3" && [ $n -lt 100 ]; do
    sleep 0.1
    n=$((n + 1))
  done
}

reported ()
{
  [ "$1" = group ] || grep -q "signal terminated program cc1" "$2"
}

finish ()
{
  if [ $failed -eq 0 ]; then
    echo "$1: all passed"
    rm -rf "$work"
    exit 0
  fi
  echo "$1: $failed failed; see $work"
  exit 1
}
