//! A few seconds of the load generator (examples/load.rs): three rooms of two WebSocket
//! clients play at full speed against the server binary on SQLite for three seconds, whole
//! matches and rematches, with no error, and the report's figures are there. The long runs
//! (client processes of their own, two server processes on PostgreSQL) are in
//! docs/online.md.

#[path = "../examples/load.rs"]
#[allow(dead_code)]
mod load;

use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_rooms_play_whole_matches_under_the_load_generator() {
    let opts = load::Options {
        rooms: 3,
        pace: Duration::ZERO,
        limit: Duration::from_secs(3),
        postgres: false,
        servers: 1,
        clients: 0,
        server: env!("CARGO_BIN_EXE_scopa-server").into(),
        connect: 8,
    };
    let report = load::run(&opts).await;
    println!("{report}");
    assert_eq!(report.rooms, 3);
    assert_eq!(report.errors, 0);
    assert!(report.matches >= 3, "matches end and start again: {report}");
    assert!(report.moves >= 3 * 30, "{report}");
    assert!(report.p50_us > 0 && report.p50_us <= report.p99_us && report.p99_us <= report.max_us);
    assert!(report.rss_open_kib > 0);
    assert!(
        report.group.1 >= report.moves,
        "every move went through a group commit"
    );
    assert!(report.cpu_secs[0] > 0.0, "the server's CPU time is read");
}
