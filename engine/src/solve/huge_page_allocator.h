// Memory for the solver's tables (docs/solve.md, "The table"): a table of
// tens of MiB is read at random, one cache line a probe, and on pages of
// 4 KiB nearly every probe also misses the TLB (the processor's cache of
// where pages lie). An allocation of a huge page or more is therefore aligned
// to a huge page and, where the system lends them on request (Linux's
// transparent huge pages, `madvise`), asked to be backed by them; elsewhere
// (WebAssembly, other systems, huge pages turned off) it is ordinary memory.
#pragma once

#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace belote::best_play {

/// The size of a huge page on the systems that lend them (x86-64 and AArch64 Linux).
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

/// Whether the system may be asked for huge pages: elsewhere an allocation is not aligned to them,
/// which would only waste memory (WebAssembly's is scarce).
#if defined(__linux__) && defined(MADV_HUGEPAGE)
inline constexpr bool kHugePagesOnRequest = true;
#else
inline constexpr bool kHugePagesOnRequest = false;
#endif

/// The alignment an allocation of `bytes` gets: a huge page's from one huge page up, where they may be had.
inline constexpr std::size_t huge_page_alignment(std::size_t bytes, std::size_t alignment) {
  return kHugePagesOnRequest && bytes >= kHugePageBytes && alignment < kHugePageBytes ? kHugePageBytes : alignment;
}

/// A standard allocator: from one huge page up, memory aligned to huge pages
/// and asked to be backed by them; below, as `new` gives it.
template <class T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    void* memory = ::operator new(bytes, std::align_val_t(huge_page_alignment(bytes, alignof(T))));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Only a hint: where it is refused, the pages are of the usual size.
    if (bytes >= kHugePageBytes) ::madvise(memory, bytes - bytes % kHugePageBytes, MADV_HUGEPAGE);
#endif
    return static_cast<T*>(memory);
  }
  void deallocate(T* memory, std::size_t n) noexcept {
    ::operator delete(memory, std::align_val_t(huge_page_alignment(n * sizeof(T), alignof(T))));
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace belote::best_play
