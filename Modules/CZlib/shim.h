// zlib for CurtainRecording's PNG files: the system's (Linux and the macOS SDK both have it).
#ifndef CURTAIN_ZLIB_SHIM_H
#define CURTAIN_ZLIB_SHIM_H
#include <zlib.h>
#endif
