/* cuda-min.h -- the few CUDA driver API declarations libmintrt uses, so that
   it builds without a CUDA toolkit and loads libcuda.so.1 at run time.

   Names, values and layouts follow the toolkit's cuda.h.  Every constant and
   the CUDA_MEMCPY3D field list are X-macro lists so that the unit test
   test-cuda-layout can check them against the real cuda.h, when one exists.
   When cuda.h was included first (CUDA_VERSION defined) only the lists are
   defined here.  */

#ifndef MINTRT_CUDA_MIN_H
#define MINTRT_CUDA_MIN_H

#include <stddef.h>

/* CUresult codes: name, value.  */
#define MINTRT_CU_RESULTS(X)                                    \
  X (CUDA_SUCCESS, 0)                                           \
  X (CUDA_ERROR_INVALID_VALUE, 1)                               \
  X (CUDA_ERROR_OUT_OF_MEMORY, 2)                               \
  X (CUDA_ERROR_NOT_INITIALIZED, 3)                             \
  X (CUDA_ERROR_DEINITIALIZED, 4)                               \
  X (CUDA_ERROR_STUB_LIBRARY, 34)                               \
  X (CUDA_ERROR_DEVICE_UNAVAILABLE, 46)                         \
  X (CUDA_ERROR_NO_DEVICE, 100)                                 \
  X (CUDA_ERROR_INVALID_DEVICE, 101)                            \
  X (CUDA_ERROR_INVALID_IMAGE, 200)                             \
  X (CUDA_ERROR_MAP_FAILED, 205)                                \
  X (CUDA_ERROR_INVALID_CONTEXT, 201)                           \
  X (CUDA_ERROR_NO_BINARY_FOR_GPU, 209)                         \
  X (CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, 217)                   \
  X (CUDA_ERROR_INVALID_PTX, 218)                               \
  X (CUDA_ERROR_JIT_COMPILER_NOT_FOUND, 221)                    \
  X (CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222)                   \
  X (CUDA_ERROR_SHARED_OBJECT_INIT_FAILED, 303)                 \
  X (CUDA_ERROR_OPERATING_SYSTEM, 304)                          \
  X (CUDA_ERROR_INVALID_HANDLE, 400)                            \
  X (CUDA_ERROR_NOT_FOUND, 500)                                 \
  X (CUDA_ERROR_NOT_READY, 600)                                 \
  X (CUDA_ERROR_ILLEGAL_ADDRESS, 700)                           \
  X (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, 701)                   \
  X (CUDA_ERROR_LAUNCH_TIMEOUT, 702)                            \
  X (CUDA_ERROR_HARDWARE_STACK_ERROR, 714)                      \
  X (CUDA_ERROR_ILLEGAL_INSTRUCTION, 715)                       \
  X (CUDA_ERROR_MISALIGNED_ADDRESS, 716)                        \
  X (CUDA_ERROR_LAUNCH_FAILED, 719)                             \
  X (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, 803)                    \
  X (CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE, 804)            \
  X (CUDA_ERROR_UNKNOWN, 999)

/* CUdevice_attribute values queried.  */
#define MINTRT_CU_DEVICE_ATTRIBUTES(X)                          \
  X (CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1)              \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 2)                    \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 3)                    \
  X (CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 4)                    \
  X (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 5)                     \
  X (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 6)                     \
  X (CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 7)                     \
  X (CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 16)              \
  X (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 75)          \
  X (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 76)          \
  X (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 97)

/* CUmemorytype values.  */
#define MINTRT_CU_MEMORY_TYPES(X)                               \
  X (CU_MEMORYTYPE_HOST, 1)                                     \
  X (CU_MEMORYTYPE_DEVICE, 2)

/* Flags of cuStreamCreate, cuEventCreate and cuIpcOpenMemHandle.  */
#define MINTRT_CU_FLAGS(X)                                      \
  X (CU_STREAM_NON_BLOCKING, 1)                                 \
  X (CU_EVENT_DISABLE_TIMING, 2)                                \
  X (CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS, 1)

/* Entry points whose ABI-current symbol carries a version suffix: the name
   the code uses, the symbol libcuda exports.  cuEventElapsedTime stays
   unversioned on purpose: its _v2 exists only in drivers from CUDA 12.8
   on, and the original keeps its meaning.  */
#define MINTRT_CU_VERSIONED(X)                                  \
  X (cuMemGetInfo, cuMemGetInfo_v2)                             \
  X (cuMemAlloc, cuMemAlloc_v2)                                 \
  X (cuMemFree, cuMemFree_v2)                                   \
  X (cuMemcpyHtoD, cuMemcpyHtoD_v2)                             \
  X (cuEventDestroy, cuEventDestroy_v2)                         \
  X (cuMemcpy3DAsync, cuMemcpy3DAsync_v2)                       \
  X (cuMemcpyHtoDAsync, cuMemcpyHtoDAsync_v2)                   \
  X (cuMemcpyDtoHAsync, cuMemcpyDtoHAsync_v2)                   \
  X (cuMemcpyDtoDAsync, cuMemcpyDtoDAsync_v2)                   \
  X (cuMemHostRegister, cuMemHostRegister_v2)                   \
  X (cuModuleGetGlobal, cuModuleGetGlobal_v2)                   \
  X (cuIpcOpenMemHandle, cuIpcOpenMemHandle_v2)

/* CUDA_MEMCPY3D (cuda.h: CUDA_MEMCPY3D_v2): type, field, in order.  */
#define MINTRT_CU_MEMCPY3D_FIELDS(X)                            \
  X (size_t, srcXInBytes)                                       \
  X (size_t, srcY)                                              \
  X (size_t, srcZ)                                              \
  X (size_t, srcLOD)                                            \
  X (CUmemorytype, srcMemoryType)                               \
  X (const void *, srcHost)                                     \
  X (CUdeviceptr, srcDevice)                                    \
  X (CUarray, srcArray)                                         \
  X (void *, reserved0)                                         \
  X (size_t, srcPitch)                                          \
  X (size_t, srcHeight)                                         \
  X (size_t, dstXInBytes)                                       \
  X (size_t, dstY)                                              \
  X (size_t, dstZ)                                              \
  X (size_t, dstLOD)                                            \
  X (CUmemorytype, dstMemoryType)                               \
  X (void *, dstHost)                                           \
  X (CUdeviceptr, dstDevice)                                    \
  X (CUarray, dstArray)                                         \
  X (void *, reserved1)                                         \
  X (size_t, dstPitch)                                          \
  X (size_t, dstHeight)                                         \
  X (size_t, WidthInBytes)                                      \
  X (size_t, Height)                                            \
  X (size_t, Depth)

/* CUlaunchAttributeID values used.  */
#define MINTRT_CU_LAUNCH_ATTRIBUTES(X)                          \
  X (CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION, 6)

/* CUlaunchAttributeValue: the members used, and the padding that sets its
   size.  */
#define MINTRT_CU_LAUNCH_ATTRIBUTE_VALUE_FIELDS(X)              \
  X (char, pad[64])                                             \
  X (int, programmaticStreamSerializationAllowed)

/* CUlaunchAttribute.  */
#define MINTRT_CU_LAUNCH_ATTRIBUTE_FIELDS(X)                    \
  X (CUlaunchAttributeID, id)                                   \
  X (char, pad[8 - sizeof (CUlaunchAttributeID)])               \
  X (CUlaunchAttributeValue, value)

/* CUlaunchConfig, the first argument of cuLaunchKernelEx.  */
#define MINTRT_CU_LAUNCH_CONFIG_FIELDS(X)                       \
  X (unsigned, gridDimX)                                        \
  X (unsigned, gridDimY)                                        \
  X (unsigned, gridDimZ)                                        \
  X (unsigned, blockDimX)                                       \
  X (unsigned, blockDimY)                                       \
  X (unsigned, blockDimZ)                                       \
  X (unsigned, sharedMemBytes)                                  \
  X (CUstream, hStream)                                         \
  X (CUlaunchAttribute *, attrs)                                \
  X (unsigned, numAttrs)

#ifndef CUDA_VERSION

#define MINTRT_CU_ENUMERATOR(name, value) name = value,

typedef enum cudaError_enum
{
  MINTRT_CU_RESULTS (MINTRT_CU_ENUMERATOR)
} CUresult;

typedef enum CUdevice_attribute_enum
{
  MINTRT_CU_DEVICE_ATTRIBUTES (MINTRT_CU_ENUMERATOR)
} CUdevice_attribute;

/* The CUfunction_attribute set.  */
typedef enum CUfunction_attribute_enum
{
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
} CUfunction_attribute;

typedef enum CUmemorytype_enum
{
  MINTRT_CU_MEMORY_TYPES (MINTRT_CU_ENUMERATOR)
} CUmemorytype;

enum mintrt_cu_flags
{
  MINTRT_CU_FLAGS (MINTRT_CU_ENUMERATOR)
};

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUarray_st *CUarray;

/* A handle to device memory for another process (cuda.h's, opaque).  */
#define CU_IPC_HANDLE_SIZE 64
typedef struct CUipcMemHandle_st
{
  char reserved[CU_IPC_HANDLE_SIZE];
} CUipcMemHandle;

#define MINTRT_CU_FIELD(type, name) type name;
typedef struct CUDA_MEMCPY3D_st
{
  MINTRT_CU_MEMCPY3D_FIELDS (MINTRT_CU_FIELD)
} CUDA_MEMCPY3D;

typedef enum CUlaunchAttributeID_enum
{
  MINTRT_CU_LAUNCH_ATTRIBUTES (MINTRT_CU_ENUMERATOR)
} CUlaunchAttributeID;

typedef union CUlaunchAttributeValue_union
{
  MINTRT_CU_LAUNCH_ATTRIBUTE_VALUE_FIELDS (MINTRT_CU_FIELD)
} CUlaunchAttributeValue;

typedef struct CUlaunchAttribute_st
{
  MINTRT_CU_LAUNCH_ATTRIBUTE_FIELDS (MINTRT_CU_FIELD)
} CUlaunchAttribute;

typedef struct CUlaunchConfig_st
{
  MINTRT_CU_LAUNCH_CONFIG_FIELDS (MINTRT_CU_FIELD)
} CUlaunchConfig;

/* Must agree with MINTRT_CU_VERSIONED (test-cuda-layout checks it).  */
#define cuMemGetInfo cuMemGetInfo_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemFree cuMemFree_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuEventDestroy cuEventDestroy_v2
#define cuMemcpy3DAsync cuMemcpy3DAsync_v2
#define cuMemcpyHtoDAsync cuMemcpyHtoDAsync_v2
#define cuMemcpyDtoHAsync cuMemcpyDtoHAsync_v2
#define cuMemcpyDtoDAsync cuMemcpyDtoDAsync_v2
#define cuMemHostRegister cuMemHostRegister_v2
#define cuModuleGetGlobal cuModuleGetGlobal_v2
#define cuIpcOpenMemHandle cuIpcOpenMemHandle_v2

/* Prototypes, only to give cuda-lib.def's pointers their types: nothing
   here is linked against.  */
CUresult cuInit (unsigned flags);
CUresult cuDriverGetVersion (int *version);
CUresult cuDeviceGetCount (int *count);
CUresult cuDeviceGet (CUdevice *device, int ordinal);
CUresult cuDeviceGetAttribute (int *value, CUdevice_attribute attribute,
                               CUdevice device);
CUresult cuDeviceGetName (char *name, int len, CUdevice device);
CUresult cuDevicePrimaryCtxRetain (CUcontext *context, CUdevice device);
CUresult cuCtxSetCurrent (CUcontext context);
CUresult cuStreamCreate (CUstream *stream, unsigned flags);
CUresult cuStreamSynchronize (CUstream stream);
CUresult cuMemGetInfo (size_t *free_bytes, size_t *total_bytes);
CUresult cuMemAlloc (CUdeviceptr *ptr, size_t bytes);
CUresult cuMemFree (CUdeviceptr ptr);
CUresult cuMemcpyHtoD (CUdeviceptr dst, const void *src, size_t bytes);
CUresult cuMemcpy3DAsync (const CUDA_MEMCPY3D *copy, CUstream stream);
CUresult cuMemcpyHtoDAsync (CUdeviceptr dst, const void *src, size_t bytes,
                            CUstream stream);
CUresult cuMemcpyDtoHAsync (void *dst, CUdeviceptr src, size_t bytes,
                            CUstream stream);
CUresult cuMemcpyDtoDAsync (CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                            CUstream stream);
CUresult cuMemHostRegister (void *ptr, size_t bytes, unsigned flags);
CUresult cuMemHostUnregister (void *ptr);
CUresult cuModuleLoadData (CUmodule *module, const void *image);
CUresult cuModuleGetFunction (CUfunction *function, CUmodule module,
                              const char *name);
CUresult cuModuleGetGlobal (CUdeviceptr *ptr, size_t *bytes, CUmodule module,
                            const char *name);
CUresult cuFuncSetAttribute (CUfunction function,
                             CUfunction_attribute attribute, int value);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor (int *blocks,
                                                      CUfunction function,
                                                      int block_size,
                                                      size_t shared_bytes);
CUresult cuLaunchKernel (CUfunction function,
                         unsigned grid_x, unsigned grid_y, unsigned grid_z,
                         unsigned block_x, unsigned block_y, unsigned block_z,
                         unsigned shared_bytes, CUstream stream,
                         void **params, void **extra);
CUresult cuLaunchKernelEx (const CUlaunchConfig *config, CUfunction function,
                           void **params, void **extra);
CUresult cuEventCreate (CUevent *event, unsigned flags);
CUresult cuEventRecord (CUevent event, CUstream stream);
CUresult cuEventSynchronize (CUevent event);
CUresult cuEventQuery (CUevent event);
CUresult cuEventDestroy (CUevent event);
CUresult cuEventElapsedTime (float *milliseconds, CUevent start, CUevent end);
CUresult cuIpcGetMemHandle (CUipcMemHandle *handle, CUdeviceptr ptr);
CUresult cuIpcOpenMemHandle (CUdeviceptr *ptr, CUipcMemHandle handle,
                             unsigned flags);
CUresult cuIpcCloseMemHandle (CUdeviceptr ptr);
CUresult cuGetErrorString (CUresult error, const char **text);
CUresult cuGetErrorName (CUresult error, const char **text);

#endif /* !CUDA_VERSION */

#endif /* MINTRT_CUDA_MIN_H */
