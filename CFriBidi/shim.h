#ifndef BIDI_FIX_CFRIBIDI_SHIM_H
#define BIDI_FIX_CFRIBIDI_SHIM_H

#include <fribidi.h>

/* Swift 6 refuses to read a mutable C global such as `fribidi_version_info`
   directly, so the few values the wrapper needs are handed over by accessors. */

/// The version banner of the libfribidi that was loaded at run time, e.g.
/// "(GNU FriBidi) 1.0.8\ninterface version 4,\nUnicode Character Database version 12.1.0, ...".
static inline const char *cfribidi_version_info(void) {
  return fribidi_version_info;
}

/// The Unicode version libfribidi's tables were built from, e.g. "12.1.0".
static inline const char *cfribidi_unicode_version(void) {
  return fribidi_unicode_version;
}

#endif /* BIDI_FIX_CFRIBIDI_SHIM_H */
