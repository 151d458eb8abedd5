// The three character properties the engine asks ICU for (text_util.cpp:
// lower-casing names, telling letters and digits in them), for the WebAssembly
// build, where Debian's ICU library cannot be linked and no ICU port can be
// fetched. They come from the C library's Unicode tables (Emscripten's musl);
// ICU's own headers still give the UTF-8 macros. Where the two differ: a digit
// is 0-9 only here (ICU also counts other scripts' decimal digits), and the
// letters are the C library's alphabetic characters (docs/web.md).
#include <cwctype>
#include <unicode/uchar.h>

U_CAPI UChar32 U_EXPORT2 u_tolower(UChar32 c) { return UChar32(std::towlower(wint_t(c))); }
U_CAPI UBool U_EXPORT2 u_isalpha(UChar32 c) { return std::iswalpha(wint_t(c)) != 0; }
U_CAPI UBool U_EXPORT2 u_isdigit(UChar32 c) { return c >= '0' && c <= '9'; }
