#!/bin/sh
# Makes the EB Garamond faces the web serves (web/src/styles/fonts.css) from @fontsource/eb-garamond's "latin" WOFF2
# files, with fonttools' pyftsubset (Debian: apt-get install fonttools). Run from the repository's root after a change
# of the package's version or of the glyphs below, and commit the files it writes; the build only copies them.
#   Glyphs: the letters, punctuation and symbols of English, French, Spanish and Italian (not the other Latin-1
#   letters — Ä Ö Å Ø Ã Õ ß Ð Þ Ý —, nor Ă ı, the combining accents, the modifier letters and the arrows fontsource's
#   subset has); keep UNICODES in step with the unicode-range of fonts.css.
#   OpenType features: kerning and the f-ligatures (kern, liga), tabular figures (tnum) in the 400 face, the
#   waiting screen's timer's; not EB Garamond's rlig (`*common`, `^2`… drawn as citation marks), locl (Turkish,
#   German, Latin forms), frac/numr/dnom, pnum, mark.
set -e
UNICODES='U+0020-007E,U+00A0-00BF,U+00C0-00C2,U+00C6-00CF,U+00D1-00D4,U+00D7,U+00D9-00DC,U+00E0-00E2,U+00E6-00EF,U+00F1-00F4,U+00F7,U+00F9-00FC,U+00FF,U+0152-0153,U+2000-206F,U+20AC,U+2122,U+2212,U+2215'
for face in 400-normal 400-italic 500-normal 600-normal 700-normal; do
  features='kern,liga'
  if [ "$face" = 400-normal ]; then features='kern,liga,tnum'; fi
  pyftsubset "node_modules/@fontsource/eb-garamond/files/eb-garamond-latin-$face.woff2" --unicodes="$UNICODES" \
    --layout-features="$features" --flavor=woff2 --output-file="web/src/styles/fonts/eb-garamond-$face.woff2"
done
