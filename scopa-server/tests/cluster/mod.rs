//! A PostgreSQL cluster of a test's own: Debian's postgresql 15 (`initdb` and `pg_ctl`, run
//! as the `postgres` user when the test runs as root) in a temp dir, on 127.0.0.1.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;

pub const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A PostgreSQL cluster in a temp dir, stopped when dropped.
pub struct Cluster {
    data: PathBuf,
    port: u16,
    _dir: tempfile::TempDir,
}

fn as_postgres(program: &str) -> Command {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n");
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", program]);
        c
    } else {
        Command::new(program)
    }
}

impl Cluster {
    pub fn start() -> Cluster {
        Cluster::start_with("")
    }

    /// A cluster whose server also gets the options `extra` (`-c name=value …`).
    pub fn start_with(extra: &str) -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        // The postgres user must reach the folder.
        Command::new("chmod")
            .arg("777")
            .arg(dir.path())
            .status()
            .unwrap();
        let data = dir.path().join("data");
        let initdb = format!("{BIN}/initdb");
        let out = as_postgres(&initdb)
            .args(["-A", "trust", "-U", "postgres", "-D"])
            .arg(&data)
            .output()
            .expect("initdb of postgresql 15 runs");
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let cluster = Cluster {
            data,
            port,
            _dir: dir,
        };
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {port} -k {} -c fsync=on {extra}",
            cluster.data.display()
        );
        let out = as_postgres(&format!("{BIN}/pg_ctl"))
            .arg("-D")
            .arg(&cluster.data)
            .args(["-o", &options, "-l"])
            .arg(cluster.data.join("log"))
            .args(["-w", "start"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl start: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        cluster
    }

    /// The server's process id (its backends are its children).
    pub fn postmaster(&self) -> Option<u32> {
        std::fs::read_to_string(self.data.join("postmaster.pid"))
            .ok()?
            .lines()
            .next()?
            .trim()
            .parse()
            .ok()
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = as_postgres(&format!("{BIN}/pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "immediate", "-w", "stop"])
            .output();
    }
}
