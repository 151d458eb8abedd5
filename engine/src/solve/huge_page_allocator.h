// Memory for the solver's tables (docs/solve.md, "The table"): a table of
// tens of MiB is read at random, one cache line a probe, and on pages of
// 4 KiB nearly every probe also misses the TLB (the processor's cache of
// where pages lie). An allocation of a huge page or more is therefore aligned
// to a huge page and, where the system lends them on request (Linux's
// transparent huge pages, `madvise`), asked to be backed by them; elsewhere
// (WebAssembly, other systems, huge pages turned off) it is ordinary memory.
// There, it is also taken from the system and given back to it whole (mmap,
// munmap) rather than through malloc: a freed table of tens of MiB left in
// malloc's heap is split and reused piecemeal, and a process that solves many
// dear deals one after the other grew with it (a `schieber` arena of two
// deals: 163 MB at its peak against 71 MB).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace belote::best_play {

/// The size of a huge page on the systems that lend them (x86-64 and AArch64 Linux).
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

#if defined(__linux__) && defined(MADV_HUGEPAGE)
/// `bytes` rounded up to whole huge pages.
inline constexpr std::size_t whole_huge_pages(std::size_t bytes) { return (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1); }

/// Whole huge pages of the system's memory, aligned to a huge page, asked to be backed by
/// huge pages (only a hint: where it is refused, the pages are of the usual size); given
/// back with munmap of whole_huge_pages(bytes).
inline void* map_huge_pages(std::size_t bytes) {
  const std::size_t size = whole_huge_pages(bytes), length = size + kHugePageBytes;
  void* mapped = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  // Mapped one huge page longer than asked, so that an aligned start lies within: the rest is unmapped.
  const auto start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t aligned = (start + kHugePageBytes - 1) & ~std::uintptr_t{kHugePageBytes - 1};
  const std::size_t head = aligned - start, tail = length - head - size;
  if (head != 0) ::munmap(mapped, head);
  if (tail != 0) ::munmap(reinterpret_cast<void*>(aligned + size), tail);
  ::madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}
#endif

/// A standard allocator: from one huge page up, memory aligned to huge pages
/// and asked to be backed by them (on Linux, mapped from the system and given
/// back to it whole); below, as `new` gives it.
template <class T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kHugePageBytes) return static_cast<T*>(map_huge_pages(bytes));
#endif
    return static_cast<T*>(::operator new(bytes, std::align_val_t(alignof(T))));
  }
  void deallocate(T* memory, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kHugePageBytes) {
      ::munmap(memory, whole_huge_pages(bytes));
      return;
    }
#endif
    ::operator delete(memory, std::align_val_t(alignof(T)));
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace belote::best_play
