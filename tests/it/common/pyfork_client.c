/* The client of tests/it/common/pyfork.py, compiled by pyfork.rs once per
 * test process and interpreter, with a config.h beside it that defines
 * PYFORK_DIR (the server's folder) and PYFORK_INTERPRETER (its command
 * line, ending in NULL).
 *
 * It runs `PYFORK_INTERPRETER args...` in a fork of the server, on this
 * process's own stdin, stdout and stderr (the pipes the checker made), and
 * ends as the program ends: with its exit code, or killed by its signal.
 * When the server cannot take it, it runs the interpreter itself.
 *
 * It was a shell script that ran mkfifo and rm: three processes for each
 * program start where this is one, and a process start cost about 2 ms of
 * CPU on the two-core machine, where the cases start about ten thousand
 * programs. */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

/* Runs the interpreter itself on this process's arguments. */
static void run_python_itself(int argc, char **argv) {
    size_t words = 0;
    while (PYFORK_INTERPRETER[words] != NULL) {
        words++;
    }
    char **args = calloc(words + (size_t)argc, sizeof *args);
    if (args == NULL) {
        _exit(125);
    }
    for (size_t i = 0; i < words; i++) {
        args[i] = (char *)PYFORK_INTERPRETER[i];
    }
    for (int i = 1; i < argc; i++) {
        args[words + (size_t)i - 1] = argv[i];
    }
    execv(args[0], args);
    perror(args[0]);
    _exit(127);
}

/* One line from fd, without its newline: 0 when the stream ended first. */
static int read_line(int fd, char *line, size_t size) {
    size_t length = 0;
    while (length + 1 < size) {
        char c;
        ssize_t got = read(fd, &c, 1);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            break;
        }
        if (c == '\n') {
            line[length] = '\0';
            return 1;
        }
        line[length++] = c;
    }
    line[length] = '\0';
    return 0;
}

static void close_copies(void) {
    close(7);
    close(8);
    close(9);
}

int main(int argc, char **argv) {
    char reply[4096];
    char requests[4096];
    char line[64];
    int pid = (int)getpid();
    snprintf(reply, sizeof reply, "%s/%d.reply", PYFORK_DIR, pid);
    snprintf(requests, sizeof requests, "%s/requests", PYFORK_DIR);

    /* The server takes stdin, stdout and stderr from 7, 8 and 9. */
    if (dup2(0, 7) < 0 || dup2(1, 8) < 0 || dup2(2, 9) < 0 || mkfifo(reply, 0600) != 0) {
        close_copies();
        run_python_itself(argc, argv);
    }
    int request = open(requests, O_WRONLY);
    if (request < 0) {
        unlink(reply);
        close_copies();
        run_python_itself(argc, argv);
    }
    /* One write, shorter than PIPE_BUF: never mixed with another client's. */
    char said[32];
    int length = snprintf(said, sizeof said, "%d\n", pid);
    ssize_t wrote = write(request, said, (size_t)length);
    close(request);
    if (wrote != length) {
        unlink(reply);
        close_copies();
        run_python_itself(argc, argv);
    }
    /* Waits for the keeper, which opens the reply FIFO for reading and
     * writing; once both ends are open, its name is no longer needed. */
    int answers = open(reply, O_RDONLY);
    unlink(reply);
    if (answers < 0) {
        close_copies();
        run_python_itself(argc, argv);
    }
    if (!read_line(answers, line, sizeof line) || strcmp(line, "started") != 0) {
        close(answers);
        close_copies();
        run_python_itself(argc, argv);
    }
    /* The program holds the pipes now: letting go of stdin and stdout here
     * lets the checker see them close when the program closes them. */
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        close(null);
    }
    close_copies();
    if (read_line(answers, line, sizeof line)) {
        if (strncmp(line, "exit ", 5) == 0) {
            return atoi(line + 5);
        }
        if (strncmp(line, "signal ", 7) == 0) {
            int signal_number = atoi(line + 7);
            signal(signal_number, SIG_DFL);
            sigset_t only;
            sigemptyset(&only);
            sigaddset(&only, signal_number);
            sigprocmask(SIG_UNBLOCK, &only, NULL);
            raise(signal_number);
            return 128 + signal_number;
        }
    }
    fputs("the Python fork server stopped before the program ended\n", stderr);
    return 125;
}
