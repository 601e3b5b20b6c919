//! The seccomp filter every sandbox runs under: a classic BPF program, as
//! bubblewrap's `--seccomp FD` reads it (an array of `struct sock_filter`),
//! written here as bytes, so no C library and no `unsafe` are needed.
//!
//! It refuses, with `EPERM`, the system calls that reach state the kernel
//! keeps outside every namespace bubblewrap makes, or that make namespaces
//! and mounts of their own (Docker's default profile refuses each of them
//! too, to a process without `CAP_SYS_ADMIN`):
//! - the kernel keyring (`add_key`, `request_key`, `keyctl`): keys are
//!   per user and per session, not per sandbox, and outlive the program, so
//!   one student's program could leave answers there for a classmate's;
//! - `socket`, of every family: a program speaks on its standard input and
//!   output, and the network namespace is empty anyway; vsock is not
//!   namespaced, so it would be a network between sandboxes (and out of a
//!   Firecracker, Kata or Hyper-V guest). `socketpair` stays: Rust's
//!   `Command::spawn` (so `rustc` starting the linker) uses one. What a
//!   program writes to a socket and never reads is memory the kernel holds
//!   for it, in no resident set (about 200 KiB a socket); the sandbox's
//!   limit on descriptors bounds it;
//! - io_uring (`io_uring_setup`, `_enter`, `_register`): its requests are
//!   not system calls the filter sees (it opens vsock sockets, for one);
//! - new namespaces: `unshare` and `clone` with any `CLONE_NEW*` flag, and
//!   `setns`; `clone3`, whose flags sit in memory a filter cannot read,
//!   fails with `ENOSYS`, so the C library falls back to `clone`. A user
//!   namespace of its own would let a program mount a tmpfs that no
//!   memory limit counts, and reach kernel code written for root;
//! - `mount`, `umount2`, `pivot_root` and the new mount API (`open_tree`,
//!   `move_mount`, `fsopen`, `fsconfig`, `fsmount`, `fspick`,
//!   `mount_setattr`);
//! - `userfaultfd` (user-mode faults hold the kernel at a point of the
//!   program's choosing) and `fanotify_init` (watches files other
//!   processes open);
//! - file locks and change notices, on every file: `flock`, `fcntl` with a
//!   lock, lease or notice command (`F_GETLK`, `F_SETLK`, `F_SETLKW`, the
//!   `F_OFD_*` three, `F_SETLEASE`, `F_GETLEASE`, `F_NOTIFY`) and inotify
//!   (`inotify_init`, `inotify_init1`, `inotify_add_watch`). Every sandbox,
//!   of every grading on the machine, shows the same inodes (`/dev/null`,
//!   `prlimit`, the libraries, the toolchain): a lock one holds another
//!   sees, and a watch sees another open them, a channel between students
//!   and between gradings. Rust's standard library takes no lock of its
//!   own, nor do `rustc` (without incremental builds) and the linker;
//! - memory no process's resident set shows, which the per-student memory
//!   cap (`grade::memory`, summed from `/proc`) could not count:
//!   `memfd_create` and `memfd_secret` (a file in memory, written and never
//!   mapped), and SysV IPC objects (`shmget`, `msgget`, `semget`: shared
//!   memory attached, written and detached stays, and so do queued
//!   messages and semaphore sets, until the sandbox's IPC namespace ends);
//! - every call of another architecture's or ABI's numbering (a 32-bit
//!   `int 0x80`, x32), whose numbers the checks above would not match.
//!
//! Everything else is allowed: the namespaces, the read-only binds and the
//! resource limits do the rest.

/// `SECCOMP_RET_ALLOW`.
const ALLOW: u32 = 0x7fff_0000;
/// `SECCOMP_RET_ERRNO | EPERM`.
const REFUSE: u32 = 0x0005_0000 | 1;
/// `SECCOMP_RET_ERRNO | ENOSYS`: "no such call", for `clone3`.
const NO_SUCH_CALL: u32 = 0x0005_0000 | 38;
/// `fcntl` commands that lock, lease or watch a file: `F_GETLK`,
/// `F_SETLK`, `F_SETLKW`, `F_OFD_GETLK`, `F_OFD_SETLK`, `F_OFD_SETLKW`,
/// `F_SETLEASE`, `F_GETLEASE`, `F_NOTIFY` (the same on every architecture
/// here).
const FCNTL_REFUSED: [u32; 9] = [5, 6, 7, 36, 37, 38, 1024, 1025, 1026];
/// `CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC |
/// CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET`.
const CLONE_NAMESPACES: u32 =
    0x0002_0000 | 0x0200_0000 | 0x0400_0000 | 0x0800_0000 | 0x1000_0000 | 0x2000_0000 | 0x4000_0000;
/// `CLONE_NEWTIME`: `unshare` only (in `clone`'s flags, 0x80 is part of
/// the exit signal).
const CLONE_NEWTIME: u32 = 0x80;
/// Numbered alike on every architecture (added after the numbering was
/// unified): `io_uring_setup`, `io_uring_enter`, `io_uring_register`,
/// `open_tree`, `move_mount`, `fsopen`, `fsconfig`, `fsmount`, `fspick`,
/// `mount_setattr`, `memfd_secret`.
const REFUSED_EVERYWHERE: [u32; 11] = [425, 426, 427, 428, 429, 430, 431, 432, 433, 442, 447];
/// `clone3`, on every architecture.
const CLONE3: u32 = 435;
/// System call numbers at or above this are the x32 ABI's, on x86_64.
const X32_FIRST: u32 = 0x4000_0000;

/// Offsets in `struct seccomp_data`: `int nr; u32 arch; u64 ip; u64 args[6]`.
const NR_AT: u32 = 0;
const ARCH_AT: u32 = 4;
/// The low 32 bits of `args[0]`.
const ARG0_AT: u32 = if cfg!(target_endian = "little") {
    16
} else {
    20
};
/// The low 32 bits of `args[1]`.
const ARG1_AT: u32 = ARG0_AT + 8;

/// One architecture's numbers.
#[derive(Clone, Copy, Debug)]
struct Arch {
    /// `AUDIT_ARCH_*`.
    audit: u32,
    /// `add_key`, `request_key`, `keyctl`, `mount`, `umount2`,
    /// `pivot_root`, `setns`, `userfaultfd`, `fanotify_init`, `flock`,
    /// `inotify_init1`, `inotify_add_watch`, `memfd_create`, `shmget`,
    /// `msgget`, `semget`, and what only this architecture has (x86_64:
    /// `inotify_init`).
    refused: &'static [u32],
    socket: u32,
    fcntl: u32,
    unshare: u32,
    clone: u32,
    /// Whether calls at or above [`X32_FIRST`] are another ABI's.
    x32: bool,
}

const X86_64: Arch = Arch {
    audit: 0xc000_003e,
    refused: &[
        248, 249, 250, 165, 166, 155, 308, 323, 300, 73, 294, 254, 319, 29, 68, 64, 253,
    ],
    socket: 41,
    fcntl: 72,
    unshare: 272,
    clone: 56,
    x32: true,
};
/// aarch64, riscv64 and loongarch64 share the generic numbering.
const AARCH64: Arch = Arch {
    audit: 0xc000_00b7,
    refused: &[
        217, 218, 219, 40, 39, 41, 268, 282, 262, 32, 26, 27, 279, 194, 186, 190,
    ],
    socket: 198,
    fcntl: 25,
    unshare: 97,
    clone: 220,
    x32: false,
};
const RISCV64: Arch = Arch {
    audit: 0xc000_00f3,
    ..AARCH64
};

fn this_arch() -> Option<Arch> {
    if cfg!(target_arch = "x86_64") {
        Some(X86_64)
    } else if cfg!(target_arch = "aarch64") {
        Some(AARCH64)
    } else if cfg!(target_arch = "riscv64") {
        Some(RISCV64)
    } else {
        None
    }
}

/// The filter for the architecture `learn` was built for, as bytes.
pub fn filter() -> Result<Vec<u8>, String> {
    let arch = this_arch()
        .ok_or("the grading sandbox's system call filter knows x86_64, aarch64 and riscv64 only")?;
    Ok(encode(&program(arch)))
}

/// Where a jump goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum To {
    Next,
    Allow,
    Refuse,
    NoSuchCall,
    CheckUnshare,
    CheckClone,
    CheckFcntl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    Equal,
    AtLeast,
    AnyBit,
}

#[derive(Clone, Copy, Debug)]
enum Insn {
    /// `A = data[offset]` (32 bits).
    Load(u32),
    /// `if A == k`, `if A >= k` or `if A & k != 0`.
    Jump {
        k: u32,
        test: Test,
        yes: To,
        no: To,
    },
    Return(u32),
}

fn program(arch: Arch) -> Vec<(Option<To>, Insn)> {
    let jump = |k, test, yes| Insn::Jump {
        k,
        test,
        yes,
        no: To::Next,
    };
    let jeq = |k, yes| jump(k, Test::Equal, yes);
    let mut p = vec![
        (None, Insn::Load(ARCH_AT)),
        (
            None,
            Insn::Jump {
                k: arch.audit,
                test: Test::Equal,
                yes: To::Next,
                no: To::Refuse,
            },
        ),
        (None, Insn::Load(NR_AT)),
    ];
    if arch.x32 {
        p.push((None, jump(X32_FIRST, Test::AtLeast, To::Refuse)));
    }
    for &nr in arch.refused.iter().chain(&REFUSED_EVERYWHERE) {
        p.push((None, jeq(nr, To::Refuse)));
    }
    p.push((None, jeq(CLONE3, To::NoSuchCall)));
    p.push((None, jeq(arch.socket, To::Refuse)));
    p.push((None, jeq(arch.unshare, To::CheckUnshare)));
    p.push((None, jeq(arch.clone, To::CheckClone)));
    p.push((None, jeq(arch.fcntl, To::CheckFcntl)));
    p.push((Some(To::Allow), Insn::Return(ALLOW)));
    // Each check looks at the call's first argument: the flags of
    // `unshare` and `clone`.
    for (label, k, test) in [
        (
            To::CheckUnshare,
            CLONE_NAMESPACES | CLONE_NEWTIME,
            Test::AnyBit,
        ),
        (To::CheckClone, CLONE_NAMESPACES, Test::AnyBit),
    ] {
        p.push((Some(label), Insn::Load(ARG0_AT)));
        p.push((None, jump(k, test, To::Refuse)));
        p.push((None, Insn::Return(ALLOW)));
    }
    // `fcntl`'s command is its second argument.
    p.push((Some(To::CheckFcntl), Insn::Load(ARG1_AT)));
    for command in FCNTL_REFUSED {
        p.push((None, jeq(command, To::Refuse)));
    }
    p.push((None, Insn::Return(ALLOW)));
    p.push((Some(To::Refuse), Insn::Return(REFUSE)));
    p.push((Some(To::NoSuchCall), Insn::Return(NO_SUCH_CALL)));
    p
}

/// `struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }`, in the
/// machine's byte order, jumps resolved to their labels.
fn encode(program: &[(Option<To>, Insn)]) -> Vec<u8> {
    let label = |to: To, from: usize| -> u8 {
        if to == To::Next {
            return 0;
        }
        let at = program
            .iter()
            .position(|(l, _)| *l == Some(to))
            .unwrap_or(program.len() - 1);
        // Jumps only go forward, and the program is a few dozen instructions.
        u8::try_from(at.saturating_sub(from + 1)).unwrap_or(0)
    };
    let mut bytes = Vec::with_capacity(program.len() * 8);
    for (i, (_, insn)) in program.iter().enumerate() {
        let (code, jt, jf, k): (u16, u8, u8, u32) = match *insn {
            // BPF_LD | BPF_W | BPF_ABS
            Insn::Load(offset) => (0x20, 0, 0, offset),
            // BPF_JMP | BPF_JEQ, BPF_JGE or BPF_JSET | BPF_K
            Insn::Jump { k, test, yes, no } => (
                match test {
                    Test::Equal => 0x15,
                    Test::AtLeast => 0x35,
                    Test::AnyBit => 0x45,
                },
                label(yes, i),
                label(no, i),
                k,
            ),
            // BPF_RET | BPF_K
            Insn::Return(k) => (0x06, 0, 0, k),
        };
        bytes.extend_from_slice(&code.to_ne_bytes());
        bytes.push(jt);
        bytes.push(jf);
        bytes.extend_from_slice(&k.to_ne_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a filter as the kernel would, on one system call.
    fn run(bytes: &[u8], arch: u32, nr: u32, arg0: u32) -> u32 {
        run2(bytes, arch, nr, arg0, 0)
    }

    fn run2(bytes: &[u8], arch: u32, nr: u32, arg0: u32, arg1: u32) -> u32 {
        let mut data = [0u8; 64];
        data[0..4].copy_from_slice(&nr.to_ne_bytes());
        data[4..8].copy_from_slice(&arch.to_ne_bytes());
        data[ARG0_AT as usize..ARG0_AT as usize + 4].copy_from_slice(&arg0.to_ne_bytes());
        data[ARG1_AT as usize..ARG1_AT as usize + 4].copy_from_slice(&arg1.to_ne_bytes());
        let insns: Vec<(u16, u8, u8, u32)> = bytes
            .chunks(8)
            .map(|c| {
                (
                    u16::from_ne_bytes([c[0], c[1]]),
                    c[2],
                    c[3],
                    u32::from_ne_bytes([c[4], c[5], c[6], c[7]]),
                )
            })
            .collect();
        let (mut pc, mut a) = (0usize, 0u32);
        loop {
            let (code, jt, jf, k) = insns[pc];
            match code {
                0x20 => {
                    let at = k as usize;
                    a = u32::from_ne_bytes(data[at..at + 4].try_into().unwrap());
                    pc += 1;
                }
                0x15 | 0x35 | 0x45 => {
                    let yes = match code {
                        0x15 => a == k,
                        0x35 => a >= k,
                        _ => a & k != 0,
                    };
                    pc += 1 + usize::from(if yes { jt } else { jf });
                }
                0x06 => return k,
                other => panic!("unknown instruction {other:#x}"),
            }
        }
    }

    #[test]
    fn the_keyring_vsock_namespaces_mounts_locks_and_memory_files_are_refused_and_the_rest_allowed()
    {
        for arch in [X86_64, AARCH64, RISCV64] {
            let bytes = encode(&program(arch));
            for &nr in arch.refused.iter().chain(&REFUSED_EVERYWHERE) {
                assert_eq!(run(&bytes, arch.audit, nr, 0), REFUSE, "{arch:?} {nr}");
            }
            // fcntl: every lock, lease and notice command is refused; the
            // descriptor's flags (F_GETFD, F_SETFD, F_GETFL, F_SETFL) and
            // F_DUPFD_CLOEXEC are not.
            for command in FCNTL_REFUSED {
                assert_eq!(run2(&bytes, arch.audit, arch.fcntl, 3, command), REFUSE);
            }
            for command in [1, 2, 3, 4, 1030] {
                assert_eq!(run2(&bytes, arch.audit, arch.fcntl, 3, command), ALLOW);
            }
            assert_eq!(run(&bytes, arch.audit, CLONE3, 0), NO_SUCH_CALL);
            // CLONE_NEWUSER, CLONE_NEWNS; CLONE_NEWTIME for unshare only.
            for flags in [0x1000_0000, 0x0002_0000] {
                assert_eq!(run(&bytes, arch.audit, arch.unshare, flags), REFUSE);
                assert_eq!(run(&bytes, arch.audit, arch.clone, flags | 17), REFUSE);
            }
            assert_eq!(run(&bytes, arch.audit, arch.unshare, 0x80), REFUSE);
            // A thread (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
            // CLONE_THREAD ...), a fork (SIGCHLD), unshare(CLONE_FILES).
            assert_eq!(run(&bytes, arch.audit, arch.clone, 0x003d_0f00), ALLOW);
            assert_eq!(run(&bytes, arch.audit, arch.clone, 17), ALLOW);
            assert_eq!(run(&bytes, arch.audit, arch.clone, 0x80 | 17), ALLOW);
            assert_eq!(run(&bytes, arch.audit, arch.unshare, 0x400), ALLOW);
            // AF_VSOCK, AF_UNIX and AF_INET sockets.
            for family in [40, 1, 2] {
                assert_eq!(run(&bytes, arch.audit, arch.socket, family), REFUSE);
            }
            // read, write, open and exit on x86_64; read, write and exit in
            // the generic numbering.
            let ordinary: &[u32] = if arch.x32 {
                &[0, 1, 2, 60]
            } else {
                &[63, 64, 93]
            };
            for &nr in ordinary {
                assert_eq!(run(&bytes, arch.audit, nr, 0), ALLOW, "{arch:?} {nr}");
            }
            // Another architecture's numbering: i386's keyctl is 288.
            assert_eq!(run(&bytes, 0x4000_0003, 288, 0), REFUSE);
            assert_eq!(run(&bytes, 0x4000_0003, 3, 0), REFUSE);
        }
        let bytes = encode(&program(X86_64));
        assert_eq!(run(&bytes, X86_64.audit, X32_FIRST + 250, 0), REFUSE);
        assert_eq!(run(&bytes, X86_64.audit, X32_FIRST, 0), REFUSE);
    }

    #[test]
    fn this_machine_has_a_filter() {
        let bytes = filter().expect("a filter for this architecture");
        assert_eq!(bytes.len() % 8, 0);
        // Jump offsets are one byte.
        assert!(bytes.len() / 8 < 256);
    }
}
