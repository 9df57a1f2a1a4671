// measure: runs a command a few times and prints its best wall time, best CPU time (user +
// system, all threads) and largest peak resident set, for tests/perf/scale.sh. GNU time rounds
// CPU time to 10 ms, too coarse for the small sizes; wait4's rusage has microseconds.
//
//     measure 3 out.txt prune-plan q.sql --schema s.ddl   ->   "0.041 0.039 19876"
//                                                              (wall s, CPU s, peak KB)
//
// The command's stdout goes to the given file (its last run), stderr is passed through. Exit
// status: the command's, or 2 when it cannot be started; a run that fails stops the series.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

double seconds(const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: measure REPEAT OUT_FILE COMMAND [ARG...]\n";
        return 2;
    }
    const int repeat = std::max(1, std::atoi(argv[1]));
    const char* out_path = argv[2];
    std::vector<char*> command(argv + 3, argv + argc);
    command.push_back(nullptr);

    double best_wall = 1e30;
    double best_cpu = 1e30;
    long peak_kb = 0;
    for (int run = 0; run < repeat; ++run) {
        const auto start = std::chrono::steady_clock::now();
        const pid_t pid = fork();
        if (pid < 0) {
            std::perror("measure: fork");
            return 2;
        }
        if (pid == 0) {
            const int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0) {
                std::perror("measure: output file");
                _exit(2);
            }
            execv(command[0], command.data());
            std::perror("measure: exec");
            _exit(2);
        }
        int status = 0;
        rusage usage{};
        if (wait4(pid, &status, 0, &usage) != pid) {
            std::perror("measure: wait4");
            return 2;
        }
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::cerr << "measure: " << command[0] << " failed (status " << status << ")\n";
            return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
        }
        best_wall = std::min(best_wall, wall);
        best_cpu = std::min(best_cpu, seconds(usage.ru_utime) + seconds(usage.ru_stime));
        peak_kb = std::max(peak_kb, usage.ru_maxrss);
    }
    std::printf("%.4f %.4f %ld\n", best_wall, best_cpu, peak_kb);
    return 0;
}
