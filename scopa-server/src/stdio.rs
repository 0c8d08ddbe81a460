//! `scopa-server --stdio`: one connection over standard input and output — the same JSON
//! messages, one a line — so a program in any language plays whole matches. No rate limit
//! (the program is local); the size limit holds (a longer line is refused unread).

use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use crate::hub::{Flow, Hub, OUTBOX};

/// Plays one connection over `input` and `output` until `input` ends.
pub async fn run<R, W>(hub: Arc<Hub>, input: R, mut output: W) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (tx, mut rx) = mpsc::channel::<String>(OUTBOX);
    let writer = tokio::spawn(async move {
        while let Some(mut line) = rx.recv().await {
            line.push('\n');
            output.write_all(line.as_bytes()).await?;
            output.flush().await?;
        }
        Ok::<(), std::io::Error>(())
    });
    let mut conn = hub.connect(tx, false);
    let limit = hub.config().max_message;
    let mut reader = BufReader::new(input);
    let mut line = Vec::new();
    loop {
        line.clear();
        // Read at most one byte past the limit, then skip the rest of a longer line.
        let n = (&mut reader)
            .take(limit as u64 + 2)
            .read_until(b'\n', &mut line)
            .await?;
        if n == 0 {
            break;
        }
        let ended = line.last() == Some(&b'\n');
        if ended {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        if line.len() > limit {
            let mut size = line.len();
            if !ended {
                let mut rest = Vec::new();
                size += reader.read_until(b'\n', &mut rest).await?;
            }
            conn.too_large(size).await;
            continue;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let text = String::from_utf8_lossy(&line).into_owned();
        if conn.handle(&text).await == Flow::Close {
            break;
        }
    }
    conn.close().await;
    drop(conn);
    writer.await.map_err(std::io::Error::other)?
}
