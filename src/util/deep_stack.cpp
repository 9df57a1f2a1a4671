// A thread with a stack of our own mapping: reserved without being committed (MAP_NORESERVE),
// so a stack sized for a deep statement takes memory only as deep as the recursion goes.

#include "util/deep_stack.hpp"

#include <pthread.h>
#include <sys/mman.h>

#include <unistd.h>

namespace prune::deep_stack_detail {

bool run_on_thread(std::size_t bytes, void* (*entry)(void*), void* arg) {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t size = (bytes + page - 1) / page * page + page; // + a guard page
    void* base = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base == MAP_FAILED) {
        return false;
    }
    mprotect(base, page, PROT_NONE); // the stack grows down onto the guard page
    pthread_attr_t attr;
    pthread_t thread;
    bool started = false;
    if (pthread_attr_init(&attr) == 0) {
        started = pthread_attr_setstack(&attr, static_cast<char*>(base) + page, size - page) == 0 &&
                  pthread_create(&thread, &attr, entry, arg) == 0;
        pthread_attr_destroy(&attr);
    }
    if (started) {
        pthread_join(thread, nullptr);
    }
    munmap(base, size);
    return started;
}

} // namespace prune::deep_stack_detail
