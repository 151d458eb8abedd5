// memcpy, memmove and memset as WebAssembly's own instructions (memory.copy
// and memory.fill, of the bulk memory operations). Emscripten's C library
// copies 512 bytes or more by calling out to JavaScript (HEAPU8.copyWithin),
// and less a word at a time: the module copies each outcome's explanation
// into the text it returns, the appends of its strings are compiled into
// Emscripten's C++ library, and all of them call these. The module's own
// definitions are linked, not the C library's. This file alone is compiled
// with -mbulk-memory (web/CMakeLists.txt).
#include <cstddef>

#if !defined(__wasm_bulk_memory__)
#error "memory.cpp needs -mbulk-memory: the builtins below would call these functions back"
#endif

extern "C" {

void* memcpy(void* __restrict destination, const void* __restrict source, std::size_t size) {
  __builtin_memcpy(destination, source, size);
  return destination;
}

void* memmove(void* destination, const void* source, std::size_t size) {
  __builtin_memmove(destination, source, size);
  return destination;
}

void* memset(void* destination, int value, std::size_t size) {
  __builtin_memset(destination, value, size);
  return destination;
}
}
