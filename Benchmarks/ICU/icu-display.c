/*
 * The ICU peer of `bidi-fix display --no-wrap --align none --terminal none`: for each line of the
 * input, Arabic shaping (u_shapeArabic, logical order), the bidi algorithm with the paragraph
 * direction from the first strong character (ubidi_setPara, UBIDI_DEFAULT_LTR) and visual order
 * with mirroring and bidi controls removed (ubidi_writeReordered). Written for Scripts/bench.
 *
 * Build: cc -O2 icu-display.c $(pkg-config --cflags --libs icu-uc) -o icu-display
 * Usage: icu-display [FILE]   (standard input without FILE)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ushape.h>
#include <unicode/ustring.h>

static UChar *grow(UChar *buffer, int32_t *capacity, int32_t needed) {
  if (needed <= *capacity) return buffer;
  *capacity = needed * 2;
  UChar *bigger = realloc(buffer, (size_t)*capacity * sizeof(UChar));
  if (!bigger) { perror("icu-display"); exit(2); }
  return bigger;
}

int main(int argc, char **argv) {
  FILE *input = argc > 1 ? fopen(argv[1], "rb") : stdin;
  if (!input) { perror(argv[1]); return 2; }
  static char out[1 << 16];
  setvbuf(stdout, out, _IOFBF, sizeof out);

  char *line = NULL;
  size_t lineCapacity = 0;
  ssize_t length;
  int32_t capacity = 0;
  UChar *logical = NULL, *shaped = NULL, *visual = NULL;
  int32_t utf8Capacity = 0;
  char *utf8 = NULL;
  UBiDi *bidi = ubidi_open();

  while ((length = getline(&line, &lineCapacity, input)) != -1) {
    int newline = length > 0 && line[length - 1] == '\n';
    if (newline) length--;
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8WithSub(NULL, 0, &units, line, (int32_t)length, 0xFFFD, NULL, &status);
    status = U_ZERO_ERROR;
    logical = grow(logical, &capacity, units + 1);
    shaped = realloc(shaped, (size_t)capacity * sizeof(UChar));
    visual = realloc(visual, (size_t)capacity * sizeof(UChar));
    u_strFromUTF8WithSub(logical, capacity, &units, line, (int32_t)length, 0xFFFD, NULL, &status);

    status = U_ZERO_ERROR;
    int32_t shapedLength = u_shapeArabic(
        logical, units, shaped, capacity,
        U_SHAPE_LETTERS_SHAPE | U_SHAPE_TEXT_DIRECTION_LOGICAL | U_SHAPE_LENGTH_FIXED_SPACES_NEAR, &status);
    if (U_FAILURE(status)) { memcpy(shaped, logical, (size_t)units * sizeof(UChar)); shapedLength = units; }

    status = U_ZERO_ERROR;
    ubidi_setPara(bidi, shaped, shapedLength, UBIDI_DEFAULT_LTR, NULL, &status);
    int32_t visualLength = ubidi_writeReordered(
        bidi, visual, capacity, UBIDI_DO_MIRRORING | UBIDI_REMOVE_BIDI_CONTROLS, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "icu-display: %s\n", u_errorName(status)); return 2; }

    status = U_ZERO_ERROR;
    int32_t bytes = 0;
    u_strToUTF8(NULL, 0, &bytes, visual, visualLength, &status);
    if (bytes + 1 > utf8Capacity) { utf8Capacity = (bytes + 1) * 2; utf8 = realloc(utf8, (size_t)utf8Capacity); }
    status = U_ZERO_ERROR;
    u_strToUTF8(utf8, utf8Capacity, &bytes, visual, visualLength, &status);
    fwrite(utf8, 1, (size_t)bytes, stdout);
    if (newline) fputc('\n', stdout);
  }
  ubidi_close(bidi);
  return 0;
}
