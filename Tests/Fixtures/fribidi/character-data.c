/* Prints the character data of the libfribidi it runs with (LD_LIBRARY_PATH picks which): first
 * the first line of the library's version banner and its Unicode version, then one line per code
 * point from U+0000 to U+10FFFF, in order:
 *   CLASS BRACKET MIRROR JOINING
 * the Bidi_Class as the UCD abbreviates it, the bracket id (the opening bracket's code point, with
 * 80000000 added for an opening bracket; 0 for none) and the mirror (0 for none) in hexadecimal, and
 * the joining type's letter (U R D C L T G). Usage: character-data > FILE */
#include <fribidi.h>
#include <stdio.h>
#include <string.h>

static const char *class_name(FriBidiCharType type) {
  switch (type) {
  case FRIBIDI_TYPE_LTR: return "L";
  case FRIBIDI_TYPE_RTL: return "R";
  case FRIBIDI_TYPE_AL: return "AL";
  case FRIBIDI_TYPE_EN: return "EN";
  case FRIBIDI_TYPE_AN: return "AN";
  case FRIBIDI_TYPE_ES: return "ES";
  case FRIBIDI_TYPE_ET: return "ET";
  case FRIBIDI_TYPE_CS: return "CS";
  case FRIBIDI_TYPE_NSM: return "NSM";
  case FRIBIDI_TYPE_BN: return "BN";
  case FRIBIDI_TYPE_BS: return "B";
  case FRIBIDI_TYPE_SS: return "S";
  case FRIBIDI_TYPE_WS: return "WS";
  case FRIBIDI_TYPE_ON: return "ON";
  case FRIBIDI_TYPE_LRE: return "LRE";
  case FRIBIDI_TYPE_RLE: return "RLE";
  case FRIBIDI_TYPE_LRO: return "LRO";
  case FRIBIDI_TYPE_RLO: return "RLO";
  case FRIBIDI_TYPE_PDF: return "PDF";
  case FRIBIDI_TYPE_LRI: return "LRI";
  case FRIBIDI_TYPE_RLI: return "RLI";
  case FRIBIDI_TYPE_FSI: return "FSI";
  case FRIBIDI_TYPE_PDI: return "PDI";
  default: return "?";
  }
}

static char joining_letter(FriBidiJoiningType type) {
  switch (type) {
  case FRIBIDI_JOINING_TYPE_U: return 'U';
  case FRIBIDI_JOINING_TYPE_R: return 'R';
  case FRIBIDI_JOINING_TYPE_D: return 'D';
  case FRIBIDI_JOINING_TYPE_C: return 'C';
  case FRIBIDI_JOINING_TYPE_L: return 'L';
  case FRIBIDI_JOINING_TYPE_T: return 'T';
  case FRIBIDI_JOINING_TYPE_G: return 'G';
  default: return '?';
  }
}

int main(void) {
  const char *banner = fribidi_version_info;
  printf("%.*s\n%s\n", (int)strcspn(banner, "\n"), banner, fribidi_unicode_version);
  for (FriBidiChar ch = 0; ch <= 0x10FFFF; ch++) {
    FriBidiChar mirror = 0;
    if (!fribidi_get_mirror_char(ch, &mirror)) mirror = 0;
    printf("%s %X %X %c\n", class_name(fribidi_get_bidi_type(ch)), (unsigned)fribidi_get_bracket(ch),
           (unsigned)mirror, joining_letter(fribidi_get_joining_type(ch)));
  }
  return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
