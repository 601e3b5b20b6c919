/* A hostile student's helper: a static program with no C library, so it
 * runs in a sandbox that holds nothing but the student's own program. A
 * student's Rust file cannot make these system calls itself (the grader
 * compiles it with `unsafe` forbidden), so it carries these bytes, writes
 * them to its private /tmp and runs them. tests/it/grade_isolation.rs compiles this
 * file with `cc` and hands the bytes to its colluding students.
 *
 *   syscalls put DESC   stdin → a "user" key DESC, readable by anyone who finds
 *                       it, in the session keyring and in the user keyring
 *   syscalls get DESC   that key's payload → stdout (exit 1: no such key)
 *   syscalls session PROGRAM ARGS...   PROGRAM in a new session keyring that
 *                       all its descendants share (as under systemd or a login)
 *   syscalls pub FILE   stdin → byte-range read locks on FILE, held until killed
 *   syscalls sub FILE   the message another process holds on FILE → stdout
 *
 * A message held as locks: byte i at offset i*256+byte, its length at
 * offset 2^40+length. Another process reads them back with F_GETLK, which
 * reports a conflicting lock's range even on a file opened read-only.
 */

#if defined(__x86_64__)
__asm__(".global _start\n_start:\n xor %rbp,%rbp\n mov %rsp,%rdi\n and $-16,%rsp\n call start_c\n hlt\n");
enum { SYS_read = 0, SYS_write = 1, SYS_open = 2, SYS_fcntl = 72, SYS_pause = 34, SYS_exit = 60,
       SYS_execve = 59, SYS_add_key = 248, SYS_keyctl = 250 };
static long sys(long n, long a, long b, long c, long d, long e) {
    long ret;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
                     : "rcx", "r11", "memory");
    return ret;
}
#elif defined(__aarch64__)
__asm__(".global _start\n_start:\n mov x0, sp\n bl start_c\n");
enum { SYS_read = 63, SYS_write = 64, SYS_openat = 56, SYS_fcntl = 25, SYS_exit = 93,
       SYS_execve = 221, SYS_add_key = 217, SYS_keyctl = 219, SYS_ppoll = 73 };
static long sys(long n, long a, long b, long c, long d, long e) {
    register long x8 __asm__("x8") = n;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    register long x4 __asm__("x4") = e;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4) : "memory");
    return x0;
}
#else
#error "x86_64 or aarch64 only"
#endif

struct lock { short type, whence; long start, len; int pid; };
enum { RDLCK = 0, WRLCK = 1, UNLCK = 2, GETLK = 5, SETLK = 6 };
enum { SESSION_KEYRING = -3, USER_KEYRING = -4 };
enum { KEYCTL_JOIN_SESSION = 1, KEYCTL_SETPERM = 5, KEYCTL_SEARCH = 10, KEYCTL_READ = 11 };
#define ANYONE_ALL 0x3f3f3f3fL
#define LENGTH_AT (1L << 40)

static char buf[32768];

static void quit(long code) { for (;;) sys(SYS_exit, code, 0, 0, 0, 0); }

static int same(const char *a, const char *b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

static long slurp(void) {
    long n = 0, got;
    while (n < (long)sizeof buf && (got = sys(SYS_read, 0, (long)(buf + n), sizeof buf - n, 0, 0)) > 0) n += got;
    return n;
}

static long open_read(const char *path) {
#if defined(__x86_64__)
    return sys(SYS_open, (long)path, 0, 0, 0, 0);
#else
    return sys(SYS_openat, -100, (long)path, 0, 0, 0);
#endif
}

static void hold_forever(void) {
#if defined(__x86_64__)
    for (;;) sys(SYS_pause, 0, 0, 0, 0, 0);
#else
    for (;;) sys(SYS_ppoll, 0, 0, 0, 0, 0);
#endif
}

void start_c(long *sp) {
    long argc = sp[0];
    char **argv = (char **)(sp + 1);
    if (argc < 3) quit(2);
    const char *mode = argv[1], *arg = argv[2];
    if (same(mode, "session")) {
        if (sys(SYS_keyctl, KEYCTL_JOIN_SESSION, 0, 0, 0, 0) < 0) quit(5);
        sys(SYS_execve, (long)arg, (long)(argv + 2), (long)(argv + argc + 1), 0, 0);
        quit(6);
    }
    if (argc != 3) quit(2);
    if (same(mode, "put")) {
        long n = slurp(), stored = 0;
        for (long ring = SESSION_KEYRING; ring >= USER_KEYRING; ring--) {
            long id = sys(SYS_add_key, (long)"user", (long)arg, (long)buf, n, ring);
            if (id > 0 && sys(SYS_keyctl, KEYCTL_SETPERM, id, ANYONE_ALL, 0, 0) == 0) stored++;
        }
        quit(stored ? 0 : 1);
    }
    if (same(mode, "get")) {
        long id = sys(SYS_keyctl, KEYCTL_SEARCH, SESSION_KEYRING, (long)"user", (long)arg, 0);
        if (id < 0) id = sys(SYS_keyctl, KEYCTL_SEARCH, USER_KEYRING, (long)"user", (long)arg, 0);
        if (id < 0) quit(1);
        long n = sys(SYS_keyctl, KEYCTL_READ, id, (long)buf, sizeof buf, 0);
        if (n < 0) quit(1);
        sys(SYS_write, 1, (long)buf, n, 0, 0);
        quit(0);
    }
    long fd = open_read(arg);
    if (fd < 0) quit(3);
    struct lock l = {0};
    if (same(mode, "pub")) {
        long n = slurp();
        for (long i = 0; i <= n; i++) {
            l.type = RDLCK;
            l.start = i < n ? i * 256 + (unsigned char)buf[i] : LENGTH_AT + n;
            l.len = 1;
            if (sys(SYS_fcntl, fd, SETLK, (long)&l, 0, 0) < 0) quit(4);
        }
        sys(SYS_write, 1, (long)"held\n", 5, 0, 0);
        hold_forever();
    }
    if (same(mode, "sub")) {
        l.type = WRLCK;
        l.start = LENGTH_AT;
        l.len = 1L << 30;
        if (sys(SYS_fcntl, fd, GETLK, (long)&l, 0, 0) < 0 || l.type == UNLCK) quit(1);
        long n = l.start - LENGTH_AT;
        if (n > (long)sizeof buf) quit(1);
        for (long i = 0; i < n; i++) {
            l.type = WRLCK;
            l.start = i * 256;
            l.len = 256;
            if (sys(SYS_fcntl, fd, GETLK, (long)&l, 0, 0) < 0 || l.type == UNLCK) quit(1);
            buf[i] = (char)(l.start - i * 256);
        }
        sys(SYS_write, 1, (long)buf, n, 0, 0);
        quit(0);
    }
    quit(2);
}
