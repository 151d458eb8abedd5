#include "program_benchmark.h"

#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "consistency.h"

extern char** environ;

namespace belote::bench {

double run_program(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string program = BELOTE_PROGRAM;
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

void register_program(std::string_view name, std::vector<std::string> args, std::uint64_t items,
                      std::function<void()> prepare) {
  auto* b = benchmark::RegisterBenchmark(std::string(name).c_str(), [args, items, prepare](benchmark::State& state) {
    if (prepare) prepare();
    double cpu = 0;
    for (auto _ : state) {
      const double seconds = run_program(args);
      if (!check(state, seconds >= 0, "the program failed")) return;
      cpu += seconds;
    }
    state.SetItemsProcessed(state.iterations() * std::int64_t(items));
    state.counters["cpu_ns_per_deal"] = cpu / double(state.iterations()) / double(items) * 1e9;
  });
  b->UseRealTime()->Unit(benchmark::kMillisecond);
}

}  // namespace belote::bench
