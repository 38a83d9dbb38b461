# Shared by the scripts that run bidi-fix on generated corpora: bidi_fix_corpus PROFILE MEGABYTES
# prints the path of Scripts/gen-corpus's corpus of that profile and size (seed 1), in
# .build/corpora/, and writes it first when it is not there.
bidi_fix_corpus() {
  local file=.build/corpora/$1-$2mb.txt
  if [ ! -f "$file" ]; then
    mkdir -p .build/corpora
    Scripts/gen-corpus --profile "$1" --megabytes "$2" --seed 1 --output "$file.partial" && mv "$file.partial" "$file"
  fi
  echo "$file"
}
