/* Reads UTF-8 lines on stdin and writes each with its digits shaped by ICU's u_shapeArabic, the
 * reference the digit shaping tests compare with. Usage: shape-digits MODE DIGITS, where MODE is
 * alen2an-init-al, alen2an-init-lr, en2an or an2en, and DIGITS is an (U+0660...) or extended
 * (U+06F0...). */
#include <stdio.h>
#include <string.h>
#include <unicode/ushape.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  uint32_t options = 0;
  if (!strcmp(argv[1], "alen2an-init-al")) options = U_SHAPE_DIGITS_ALEN2AN_INIT_AL;
  else if (!strcmp(argv[1], "alen2an-init-lr")) options = U_SHAPE_DIGITS_ALEN2AN_INIT_LR;
  else if (!strcmp(argv[1], "en2an")) options = U_SHAPE_DIGITS_EN2AN;
  else if (!strcmp(argv[1], "an2en")) options = U_SHAPE_DIGITS_AN2EN;
  else return 2;
  options |= strcmp(argv[2], "extended") ? U_SHAPE_DIGIT_TYPE_AN : U_SHAPE_DIGIT_TYPE_AN_EXTENDED;
  static char line[1 << 16];
  static UChar text[1 << 16], shaped[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    size_t length = strlen(line);
    if (length && line[length - 1] == '\n') line[--length] = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(text, 1 << 16, &units, line, (int32_t)length, &status);
    int32_t count = u_shapeArabic(text, units, shaped, 1 << 16, options, &status);
    char out[1 << 17];
    int32_t bytes = 0;
    u_strToUTF8(out, sizeof out, &bytes, shaped, count, &status);
    if (U_FAILURE(status)) return 1;
    fwrite(out, 1, (size_t)bytes, stdout);
    fputc('\n', stdout);
  }
  return 0;
}
