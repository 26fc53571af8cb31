#!/bin/sh
# Install the desktop bundle for one user (or, with PREFIX=/usr/local as root, for all):
#
#   packaging/linux/install.sh [BUNDLE]      # from a checkout, after build_bundle.py
#   tabletop/linux/install.sh                # from a copied bundle folder
#   packaging/linux/install.sh --uninstall
#
# BUNDLE is the bundle's folder (default: the folder this script is in, when it is a
# bundle's linux/ folder, else the checkout's dist/tabletop). It copies the folder to
# $PREFIX/lib/tabletop, links $PREFIX/bin/tabletop to its executable, and puts the menu
# entry in $PREFIX/share/applications and the icons in $PREFIX/share/icons/hicolor.
# PREFIX defaults to ~/.local. Nothing else is touched.
set -eu

PREFIX=${PREFIX:-"$HOME/.local"}
HERE=$(cd "$(dirname "$0")" && pwd)
LIB="$PREFIX/lib/tabletop"
BIN="$PREFIX/bin/tabletop"
APPS="$PREFIX/share/applications"
ICONS="$PREFIX/share/icons/hicolor"
SIZES="48 128 256"

refresh() {
    # the desktop's caches of menu entries and icons (absent on some systems: not needed)
    command -v update-desktop-database >/dev/null 2>&1 &&
        update-desktop-database -q "$APPS" 2>/dev/null || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$ICONS/index.theme" ] &&
        gtk-update-icon-cache -q -t "$ICONS" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$LIB"
    rm -f "$BIN" "$APPS/tabletop.desktop"
    for size in $SIZES; do
        rm -f "$ICONS/${size}x${size}/apps/tabletop.png"
    done
    refresh
    echo "removed Tabletop from $PREFIX"
    exit 0
fi

if [ $# -ge 1 ]; then
    BUNDLE=$1
elif [ -x "$HERE/../tabletop" ] && [ -d "$HERE/../_internal" ]; then
    BUNDLE="$HERE/.."
else
    BUNDLE="$HERE/../../dist/tabletop"
fi
if [ ! -x "$BUNDLE/tabletop" ]; then
    echo "no bundle at $BUNDLE (build it first: python packaging/build_bundle.py)" >&2
    exit 1
fi
BUNDLE=$(cd "$BUNDLE" && pwd)

mkdir -p "$PREFIX/lib" "$PREFIX/bin" "$APPS"
if [ "$BUNDLE" != "$LIB" ]; then
    rm -rf "$LIB"
    cp -R "$BUNDLE" "$LIB"
fi
ln -sf "$LIB/tabletop" "$BIN"
# the menu entry runs the installed executable by its full path ($PREFIX/bin may not be
# on the desktop session's PATH)
sed "s|^Exec=.*|Exec=\"$LIB/tabletop\"|" "$HERE/tabletop.desktop" > "$APPS/tabletop.desktop"
chmod 644 "$APPS/tabletop.desktop"
for size in $SIZES; do
    mkdir -p "$ICONS/${size}x${size}/apps"
    cp "$HERE/icons/${size}x${size}/tabletop.png" "$ICONS/${size}x${size}/apps/tabletop.png"
done
refresh
echo "installed Tabletop in $LIB; run it from the menu (Games) or as $BIN"
