# Shared by Scripts/test-fribidi-1.0.16 and Scripts/bench: libfribidi 1.0.16, built with meson from
# ../shared/vendor/fribidi-1.0.16.tar.xz (or BIDI_FIX_FRIBIDI_ARCHIVE) into .build/fribidi-1.0.16/,
# once for each archive (a stamp holds its checksum). FriBidi's sources stay there, out of the
# repository. Needs Scripts/lib/dependencies.sh.
#
# bidi_fix_fribidi_1_0_16 sets fribidi_root (the prefix: lib/, include/, bin/, source/) and returns
# 0, or returns 1 with fribidi_missing saying why when the archive is not there.
bidi_fix_fribidi_1_0_16() {
  local archive=${BIDI_FIX_FRIBIDI_ARCHIVE:-../shared/vendor/fribidi-1.0.16.tar.xz}
  fribidi_root=$PWD/.build/fribidi-1.0.16
  if [ ! -f "$archive" ]; then
    fribidi_missing="$archive is not there (the FriBidi 1.0.16 sources it is built from)"
    return 1
  fi
  bidi_fix_require_packages "meson:command -v meson" "ninja-build:command -v ninja" "gcc:command -v cc"
  local checksum log=.build/test-logs/fribidi-1.0.16-meson.log
  checksum=$(sha256sum "$archive" | cut -d' ' -f1)
  if [ "$(cat "$fribidi_root/installed" 2>/dev/null)" != "$checksum" ]; then
    rm -rf "${fribidi_root:?}"/{source,meson,lib,include,bin,share,installed}
    mkdir -p "$fribidi_root/source" .build/test-logs
    tar xJf "$archive" -C "$fribidi_root/source" --strip-components=1
    {
      meson setup "$fribidi_root/meson" "$fribidi_root/source" --prefix="$fribidi_root" --libdir=lib \
        --buildtype=release -Ddocs=false -Dtests=false
      ninja -C "$fribidi_root/meson" install
    } > "$log" 2>&1 || bidi_fix_fail "building FriBidi 1.0.16 failed: see $log"
    echo "$checksum" > "$fribidi_root/installed"
  fi
  local version
  version=$(PKG_CONFIG_PATH=$fribidi_root/lib/pkgconfig pkg-config --modversion fribidi)
  [ "$version" = 1.0.16 ] || bidi_fix_fail "pkg-config finds FriBidi $version in $fribidi_root, not 1.0.16"
}
