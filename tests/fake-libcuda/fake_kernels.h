/* CPU versions of jetgate's PTX kernels, for the fake libcuda. */
#ifndef FAKE_KERNELS_H
#define FAKE_KERNELS_H
typedef struct fake_kernel fake_kernel;
/* The kernel of that name, or NULL. */
const fake_kernel *fake_kernel_find(const char *name);
/* Run it over grid (gx, gy) of bx-thread blocks with cuLaunchKernel's params. */
void fake_kernel_run(const void *k, unsigned gx, unsigned gy, unsigned bx, void **params);
#endif
