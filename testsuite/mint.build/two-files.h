/* two-files.h -- shared by the two sources of build.exp's program.  */
#ifndef TWO_FILES_H
#define TWO_FILES_H
void smooth (double *restrict out, double *restrict in, int n, double w);
#endif
