// FreeType for CurtainRecording: the headers, and the function-like macros Swift cannot see
// as prefixed inline functions.
#ifndef CURTAIN_FREETYPE_SHIM_H
#define CURTAIN_FREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H

/// Whether `face` has colour glyph tables (FT_HAS_COLOR).
static inline int curtain_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }

/// Whether `face` has outlines that scale (FT_IS_SCALABLE).
static inline int curtain_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// Load flags for a grey-level glyph with light hinting (FT_LOAD_TARGET_LIGHT is a macro).
static inline FT_Int32 curtain_ft_load_grey(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT; }

/// Load flags for a colour (BGRA) glyph.
static inline FT_Int32 curtain_ft_load_color(void) { return FT_LOAD_RENDER | FT_LOAD_COLOR; }

#endif
