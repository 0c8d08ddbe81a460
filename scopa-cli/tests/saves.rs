//! The save file of `scopa play` under hostile or failing file systems: planted and
//! symlinked saves, a FIFO given to `--resume`, failed saves, and a save whose counters no
//! match can reach. (Regression tests of the hardening issue: defects 2, 4, 5 and the
//! "also seen" items.)

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use scopa_core::scopa::Match;
use scopa_core::snapshot::crc32;

/// Where the core snapshot starts in a session save (`Session::to_bytes`, the format
/// `scopa play` writes), and the session save's own checksum.
const HEADER: usize = 26;
const SESSION_CRC: usize = HEADER + 334;

fn scopa() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_scopa"));
    c.env_remove("NO_COLOR");
    c
}

/// Runs `scopa` with `args`, feeding `input` on stdin; gives up (and fails) after 60 s.
fn run(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = scopa()
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = wait_at_most(child, Duration::from_secs(60));
    let _ = feeder.join();
    out
}

fn wait_at_most(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "scopa still running after {limit:?}; stdout: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The match in a `scopa play` save file.
fn saved_match(path: &Path) -> Match {
    let bytes = fs::read(path).unwrap();
    Match::from_bytes(&bytes[HEADER..SESSION_CRC]).unwrap()
}

/// Every file name in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// "1" (the first legal move) `n` times, then `quit`.
fn moves(n: usize) -> String {
    let mut s = "1\n".repeat(n);
    s.push_str("quit\n");
    s
}

/// A first save: `scopa play --seed SEED --save NAME` in `dir`, one move, then quit.
fn first_save(dir: &Path, seed: &str, name: &str) {
    let out = run(dir, &["play", "--seed", seed, "--save", name], &moves(1));
    assert!(out.status.success(), "{}", text(&out));
}

/// Defect 4: the save was written to `FILE.tmp` with `File::create`, which follows a
/// symbolic link planted at that name and overwrote its target.
#[test]
fn a_link_planted_at_the_temporary_name_redirects_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::create_dir(dir.join("d")).unwrap();
    fs::write(dir.join("victim.txt"), "precious\n").unwrap();
    std::os::unix::fs::symlink(dir.join("victim.txt"), dir.join("d/g.scopa.tmp")).unwrap();
    let out = run(
        dir,
        &["play", "--seed", "3", "--save", "d/g.scopa"],
        &moves(2),
    );
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        fs::read_to_string(dir.join("victim.txt")).unwrap(),
        "precious\n"
    );
    assert!(
        fs::symlink_metadata(dir.join("d/g.scopa.tmp"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(saved_match(&dir.join("d/g.scopa")).hand().plays() >= 2);
    assert_eq!(names(&dir.join("d")), ["g.scopa", "g.scopa.tmp"]);
}

/// Defect 5: saving through a symbolic link to a save replaced the link with a regular
/// file, and the file it named stayed stale.
#[test]
fn saving_through_a_symlinked_save_updates_the_file_it_names() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    first_save(dir, "5", "real.scopa");
    let before = saved_match(&dir.join("real.scopa"));
    std::os::unix::fs::symlink("real.scopa", dir.join("link.scopa")).unwrap();
    let second = run(dir, &["play", "--resume", "link.scopa"], &moves(2));
    assert!(second.status.success(), "{}", text(&second));
    let link = fs::symlink_metadata(dir.join("link.scopa")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let after = saved_match(&dir.join("real.scopa"));
    assert!(
        after.hand().plays() > before.hand().plays(),
        "real.scopa was not updated"
    );
    assert_eq!(names(dir), ["link.scopa", "real.scopa"]);
}

/// Also seen: `--resume` on a FIFO waited for ever for a writer.
#[test]
fn resume_refuses_a_fifo_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("pipe.scopa");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let out = run(tmp.path(), &["play", "--resume", "pipe.scopa"], "");
    assert!(!out.status.success());
    let said = text(&out);
    assert!(
        said.contains("FIFO") && said.contains("not a regular file"),
        "{said}"
    );
}

#[test]
fn a_directory_is_neither_resumed_nor_saved_to() {
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir(tmp.path().join("dirsave")).unwrap();
    let out = run(tmp.path(), &["play", "--resume", "dirsave"], "");
    assert!(!out.status.success());
    assert!(text(&out).contains("a directory"), "{}", text(&out));
    let out = run(
        tmp.path(),
        &["play", "--seed", "1", "--save", "dirsave", "--overwrite"],
        &moves(1),
    );
    assert!(!out.status.success());
    assert!(text(&out).contains("a directory"), "{}", text(&out));
    // Nothing left behind (the old code left a 0-byte dirsave.tmp).
    assert_eq!(names(tmp.path()), ["dirsave"]);
}

/// Also seen: a failed save left a 0-byte temporary file, and the player was only warned on
/// stderr. Here the first save fails for want of space: the file size limit (a stand-in for
/// a full disk, which fails the same write) is 0, so writing the temporary file fails.
#[test]
fn a_save_that_cannot_be_written_leaves_the_old_save_and_no_temporary_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    first_save(dir, "8", "g.scopa");
    let before = fs::read(dir.join("g.scopa")).unwrap();
    // Ignore SIGXFSZ so the write fails with EFBIG instead of killing the program.
    let script = format!(
        "trap '' XFSZ; ulimit -f 0; exec '{}' play --resume g.scopa",
        env!("CARGO_BIN_EXE_scopa")
    );
    let mut child = Command::new("sh")
        .current_dir(dir)
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may stop (its first save fails) before it reads this: a broken pipe
    // here is expected, not a failure.
    let _ = child.stdin.take().unwrap().write_all(b"1\nquit\n");
    let out = wait_at_most(child, Duration::from_secs(60));
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("cannot save to g.scopa"),
        "{}",
        text(&out)
    );
    assert_eq!(fs::read(dir.join("g.scopa")).unwrap(), before);
    assert_eq!(names(dir), ["g.scopa"]);
}

/// A match saving to `g.scopa` whose save is replaced, after the first play, by a
/// non-empty directory (which a rename cannot replace), so that every later save fails;
/// two more plays, then `quit`. Returns what the program wrote to stdout and the good save.
fn save_turned_into_a_directory(dir: &Path) -> (String, Vec<u8>) {
    let mut child = scopa()
        .current_dir(dir)
        .args(["play", "--seed", "9", "--save", "g.scopa"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // With seed 9 the AI leads: wait for its play's save, after which the program waits for
    // the person's line (so no save can land while the file is swapped for a directory),
    // then make the next ones fail. (Sending a line first raced: the person's play and the
    // AI's answer could be saved between `remove_file` and `create_dir`.)
    let path = dir.join("g.scopa");
    let start = Instant::now();
    while saved_plays(&path) < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no save after the AI's first play (does the AI still lead with seed 9?)"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let good = fs::read(&path).unwrap();
    fs::remove_file(&path).unwrap();
    fs::create_dir(&path).unwrap();
    fs::write(path.join("keep"), b"").unwrap();
    stdin.write_all(b"1\n1\nquit\n").unwrap();
    drop(stdin);
    let out = wait_at_most(child, Duration::from_secs(60));
    (String::from_utf8_lossy(&out.stdout).into_owned(), good)
}

/// Also seen: when saving starts failing during a match, the player is told plainly (on
/// the game's output, once) that nothing since the last good save is kept, the closing
/// message does not claim the match is saved, and no temporary file is left.
#[test]
fn a_save_failing_mid_match_is_said_plainly_and_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (stdout, good) = save_turned_into_a_directory(dir);
    let path = dir.join("g.scopa");
    assert_eq!(
        stdout.matches("NOT SAVED").count(),
        1,
        "told once, plainly: {stdout}"
    );
    assert!(
        stdout.contains("nothing played since then is saved"),
        "{stdout}"
    );
    // The file is a directory now: nothing to resume (issue 26).
    assert!(stdout.contains("The match was not saved"), "{stdout}");
    assert!(!stdout.contains("the match is saved in"), "{stdout}");
    assert_eq!(names(dir), ["g.scopa"]);
    assert_eq!(names(&path), ["keep"]);
    // The good save, put back, resumes.
    fs::remove_dir_all(&path).unwrap();
    fs::write(&path, good).unwrap();
    let resumed = run(dir, &["play", "--resume", "g.scopa"], "quit\n");
    assert!(resumed.status.success(), "{}", text(&resumed));
}

/// Issue 26, also seen: when the save had become a directory, the closing note still said
/// to continue with `--resume g.scopa`, which cannot work.
#[test]
fn a_save_replaced_by_a_directory_is_not_offered_for_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let (stdout, _) = save_turned_into_a_directory(tmp.path());
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Goodbye."), "{stdout}");
    assert!(!last.contains("--resume"), "{last}");
}

/// Plays recorded in a save file (0 while it is missing or being replaced).
fn saved_plays(path: &Path) -> usize {
    fs::read(path)
        .ok()
        .and_then(|b| Match::from_bytes(b.get(HEADER..SESSION_CRC)?).ok())
        .map_or(0, |m| m.history().len())
}

/// `path`'s save with the core snapshot's hand number replaced and its checksum fixed, as
/// a probe or a hand edit would.
fn with_hand_number(path: &Path, hand_number: u16) -> PathBuf {
    let mut b = fs::read(path).unwrap();
    b[HEADER + 14..HEADER + 16].copy_from_slice(&hand_number.to_le_bytes());
    let crc = crc32(&b[HEADER..HEADER + 330]);
    b[HEADER + 330..SESSION_CRC].copy_from_slice(&crc.to_le_bytes());
    let crc = crc32(&b[..SESSION_CRC]);
    b[SESSION_CRC..].copy_from_slice(&crc.to_le_bytes());
    let out = path.with_file_name(format!("hand{hand_number}.scopa"));
    fs::write(&out, b).unwrap();
    out
}

/// Defect 2: a save at hand 65535 resumed; at the end of that hand the number wrapped to 0,
/// the program said "the match is saved … continue it with …", and that save did not
/// resume (a debug build panicked on `hand_number() + 1` first). Now a save either is
/// refused up front, or every save written from it resumes.
#[test]
fn a_save_past_the_last_hand_is_refused_or_keeps_resuming() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // 18 plays of the human: into hand 1 (2 players: hand 65535 has the same dealer).
    let out = run(
        dir,
        &[
            "play", "--seed", "12", "--target", "60", "--level", "random", "--save", "g.scopa",
        ],
        &moves(18),
    );
    assert!(out.status.success(), "{}", text(&out));
    let first = saved_match(&dir.join("g.scopa"));
    assert_eq!(first.hand_number(), 1);
    assert!(!first.is_over());
    let crafted = with_hand_number(&dir.join("g.scopa"), u16::MAX);
    let name = crafted.file_name().unwrap().to_str().unwrap().to_owned();
    // Play through the end of the hand, then quit.
    let out = run(dir, &["play", "--resume", &name], &moves(40));
    if !out.status.success() {
        assert!(text(&out).contains("hand number 65535"), "{}", text(&out));
        return;
    }
    let again = run(dir, &["play", "--resume", &name], "quit\n");
    assert!(
        again.status.success(),
        "a save written by the program does not resume: {}",
        text(&again)
    );
}

/// Issue 26, also seen: an error creating the temporary file printed the system's error
/// and the path twice (the error's text, then its source again).
#[test]
fn an_error_creating_the_temporary_file_is_said_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(
        tmp.path(),
        &["play", "--seed", "1", "--save", "nowhere/g.scopa"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("os error").count(), 1, "{err}");
    // The directory, and the temporary file's path (in the system's error), once each.
    assert_eq!(err.matches(" in nowhere: ").count(), 1, "{err}");
    assert!(err.matches("nowhere/.g.scopa.").count() <= 1, "{err}");
    assert!(
        err.starts_with("scopa: cannot save to nowhere/g.scopa: "),
        "{err}"
    );
}

/// Issue 26, defect 2: a kill while a save was written left its temporary file
/// (`.g.scopa.XXXXXX.tmp`, a copy of the save with the deck and the secret) beside the
/// save for ever. The next start that saves to or resumes the file removes them — and
/// nothing else: not another save's, not a name of a different shape, not a link or a
/// directory.
#[test]
fn a_killed_saves_temporary_files_are_removed_at_the_next_start() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    first_save(dir, "4", "g.scopa");
    let save = fs::read(dir.join("g.scopa")).unwrap();
    // What a kill leaves: a whole copy, or an empty file.
    fs::write(dir.join(".g.scopa.a1B2c3.tmp"), &save).unwrap();
    fs::write(dir.join(".g.scopa.ZZZZZZ.tmp"), b"").unwrap();
    let keep = [
        ".g.scopa.tmp",
        ".g.scopa.a1B2c.tmp",
        ".g.scopa.a1B2c3d.tmp",
        ".g.scopa.a1-2c3.tmp",
        ".h.scopa.a1B2c3.tmp",
        "g.scopa.a1B2c3.tmp",
        ".g.scopa.a1B2c3.tmp~",
    ];
    for name in keep {
        fs::write(dir.join(name), b"not a temporary save\n").unwrap();
    }
    fs::create_dir(dir.join(".g.scopa.D1rect.tmp")).unwrap();
    fs::write(dir.join("victim"), b"precious\n").unwrap();
    std::os::unix::fs::symlink("victim", dir.join(".g.scopa.L1nked.tmp")).unwrap();
    let out = run(dir, &["play", "--resume", "g.scopa"], "quit\n");
    assert!(out.status.success(), "{}", text(&out));
    let mut expected: Vec<String> = keep.iter().map(|n| (*n).to_owned()).collect();
    expected.extend(
        [
            ".g.scopa.D1rect.tmp",
            ".g.scopa.L1nked.tmp",
            "g.scopa",
            "victim",
        ]
        .map(String::from),
    );
    expected.sort();
    assert_eq!(names(dir), expected);
    assert_eq!(fs::read(dir.join("victim")).unwrap(), b"precious\n");
    // The same for a new match saving over the file.
    fs::write(dir.join(".g.scopa.q9Q9q9.tmp"), &save).unwrap();
    let out = run(
        dir,
        &["play", "--seed", "5", "--save", "g.scopa", "--overwrite"],
        "quit\n",
    );
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(names(dir), expected);
}

/// Issue 26, defect 3: resuming a pass-and-play match hands the device over first — the
/// hand of the person to play shows only after the hand-off (it was printed at once).
#[test]
fn resuming_pass_and_play_starts_with_the_hand_off() {
    let dir = tempfile::tempdir().unwrap();
    let first = run(
        dir.path(),
        &[
            "play",
            "--seed",
            "3",
            "--humans",
            "2",
            "--save",
            "pnp.scopa",
        ],
        "1\n1\nquit\n",
    );
    assert!(first.status.success());
    let out = run(dir.path(), &["play", "--resume", "pnp.scopa"], "\nquit\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let hand_off = text
        .find("Hand the device to Player 2")
        .unwrap_or_else(|| panic!("no hand-off after the resume:\n{text}"));
    let hand = text
        .find("Hand of Player 2")
        .unwrap_or_else(|| panic!("the hand never shows after the hand-off:\n{text}"));
    assert!(
        hand_off < hand,
        "a hand showed before the hand-off:\n{text}"
    );
}
