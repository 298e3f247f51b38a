#!/bin/sh
# The emitted test kernels (kernels.cu from gen-kernels, opt-kernels.cu
# from gen-opt-kernels) compile with nvcc for sm_90 without a single
# warning.
if test -z "$NVCC"; then
  echo "SKIP: configure found no nvcc"
  exit 77
fi
"$NVCC" -arch=sm_90 --Werror all-warnings -c kernels.cu -o kernels-nvcc.o \
  && exec "$NVCC" -arch=sm_90 --Werror all-warnings -c opt-kernels.cu \
       -o opt-kernels-nvcc.o
