/* Reads locale identifiers, one per line on stdin, and writes 1 for each that ICU's
 * uloc_isRightToLeft calls right to left (its script, or else its likely script by CLDR's
 * likely subtags: the rule Android's layout direction follows), 0 otherwise. The reference the
 * locale direction tests compare with. */
#include <stdio.h>
#include <string.h>
#include <unicode/uloc.h>

int main(void) {
  static char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    printf("%d\n", uloc_isRightToLeft(line) ? 1 : 0);
  }
  return 0;
}
