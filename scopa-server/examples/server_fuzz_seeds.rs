//! Writes the seed corpus of the `server_messages` fuzz target (fuzz/): docs/online.md's
//! client examples with their room code written `@R` and their token `@T` (the target puts
//! in the last code and token a client received), each after a room of two people was
//! created, joined by two clients and watched by the third. Run from the repository root
//! (`.ci/fuzz.sh` does):
//!
//! ```sh
//! cargo run -p scopa-server --example server_fuzz_seeds -- fuzz/corpus/server_messages
//! ```

use std::fs;
use std::path::Path;

/// The JSON values of docs/online.md's ```` ```json client ```` blocks.
fn client_examples(doc: &str) -> Vec<String> {
    let fence = "```json client\n";
    let mut out = Vec::new();
    let mut rest = doc;
    while let Some(start) = rest.find(fence) {
        let body = &rest[start + fence.len()..];
        let Some(end) = body.find("```") else {
            break;
        };
        for v in serde_json::Deserializer::from_str(&body[..end])
            .into_iter::<serde_json::Value>()
            .flatten()
        {
            out.push(
                v.to_string()
                    .replace("1s3bgn6xkvt1fme2", "@R")
                    .replace("2fa1b815756bcd7a6da988eeda7c0e5c", "@T"),
            );
        }
        rest = &body[end..];
    }
    out
}

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fuzz/corpus/server_messages".into());
    let dir = Path::new(&dir);
    fs::create_dir_all(dir)?;
    let doc = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/online.md"))?;
    let setup = [
        "0{\"type\":\"create\",\"settings\":\"session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 1 seats human human\",\"seed\":4,\"turn_seconds\":1}",
        "0{\"type\":\"join\",\"room\":\"@R\",\"seat\":0}",
        "1{\"type\":\"join\",\"room\":\"@R\",\"seat\":1}",
        "2{\"type\":\"watch\",\"room\":\"@R\"}",
    ]
    .join("\n");
    let examples = client_examples(&doc);
    for (i, example) in examples.iter().enumerate() {
        // Alone, and after the room is set up, from each client.
        fs::write(dir.join(format!("doc-{i}-alone")), format!("0{example}"))?;
        for who in 0..3 {
            fs::write(
                dir.join(format!("doc-{i}-client{who}")),
                format!("{setup}\n{who}{example}"),
            )?;
        }
    }
    // Every example in a row, from the clients in turn.
    let all: Vec<String> = examples
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{}{e}", i % 3))
        .collect();
    fs::write(dir.join("doc-all"), format!("{setup}\n{}", all.join("\n")))?;
    println!("{} seeds in {}", 4 * examples.len() + 1, dir.display());
    Ok(())
}
