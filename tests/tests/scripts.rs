//! The committed session scripts (`tests/sessions/*.script`) replay to their committed
//! transcripts: the reference every front-end's scripted run is compared with (CI's
//! cross-front-end check, `.ci/sessions.sh`). `UPDATE_SESSIONS=1` rewrites the transcripts
//! and reference saves after a deliberate change.

use std::path::{Path, PathBuf};

use scopa_core::session::Session;
use scopa_tests::script;

/// The scripts of `tests/sessions` (Scopa), of `tests/sessions/briscola` and of
/// `tests/sessions/big` (tables of 6 and 8).
fn scripts() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions");
    let mut paths = Vec::new();
    for dir in [root.clone(), root.join("briscola"), root.join("big")] {
        paths.extend(
            std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "script")),
        );
    }
    paths.sort();
    paths
}

fn check(path: &Path, contents: &[u8]) {
    if std::env::var_os("UPDATE_SESSIONS").is_some() {
        std::fs::write(path, contents).unwrap();
        return;
    }
    let committed = std::fs::read(path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SESSIONS=1 writes it)", path.display()));
    assert!(
        committed == contents,
        "{} differs from the reference run (UPDATE_SESSIONS=1 rewrites it after a deliberate change)",
        path.display()
    );
}

#[test]
fn scripts_replay_to_their_transcripts() {
    let paths = scripts();
    assert!(paths.len() >= 7, "scripts missing: {paths:?}");
    assert!(
        paths
            .iter()
            .filter(|p| p.to_string_lossy().contains("briscola"))
            .count()
            >= 2,
        "the Briscola scripts are missing: {paths:?}"
    );
    assert!(
        paths
            .iter()
            .filter(|p| p.to_string_lossy().contains("/big/"))
            .count()
            >= 2,
        "the scripts of tables of 6 and 8 are missing: {paths:?}"
    );
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let run = script::run(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            run.transcript.lines().any(|l| l.starts_with("winner ")),
            "{}: the script does not reach the end of the match",
            path.display()
        );
        check(
            &path.with_extension("transcript"),
            run.transcript.as_bytes(),
        );
        let save = run.save.expect("every committed script has a save line");
        check(
            &path.with_extension("after-save"),
            run.after_save.as_bytes(),
        );
        check(&path.with_extension("save"), &save);
        // The reference save resumes and finishes with the transcript's tail.
        let resumed = Session::from_bytes(&save).unwrap();
        assert_eq!(resumed.to_bytes().as_slice(), save.as_slice());
    }
}
