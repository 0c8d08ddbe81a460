//! The browser app's files (`--web DIR`, the built `scopa-web/dist`), served so that a
//! first visit downloads each file once, compressed, and a later one (or the service
//! worker's install, which fetches every file again) revalidates it for a `304`:
//!
//! - each file is read and compressed once per version (brotli at its best quality and
//!   gzip, on a blocking thread; the server compresses the whole directory when it starts),
//!   kept in memory, and read again when its size or modification time changes;
//! - the client's `Accept-Encoding` chooses brotli, else gzip, else the plain bytes
//!   (`Vary: Accept-Encoding`);
//! - `ETag` (a SHA-256 prefix of the file, one per encoding) and `Last-Modified`, and
//!   `If-None-Match` / `If-Modified-Since` answered `304 Not Modified`;
//! - `Cache-Control: no-cache`: the file names carry no version (the service worker's
//!   cache is versioned instead, docs/web.md), so a browser keeps each file but asks
//!   whether it changed before using it — a `304` of a few hundred bytes when it did not.
//!
//! Only plain paths are served: names of letters, digits, `-`, `_` and `.`, none hidden
//! (starting with a dot), no `..`; anything else is `404`.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// The files of one directory, compressed once per version.
#[derive(Debug)]
pub struct WebFiles {
    dir: PathBuf,
    cache: Mutex<HashMap<String, Arc<Entry>>>,
}

/// One file as served: its bytes in each encoding and its validators.
#[derive(Debug)]
struct Entry {
    modified: SystemTime,
    len: u64,
    kind: &'static str,
    /// The SHA-256 prefix of the plain bytes, in hex.
    tag: String,
    plain: Bytes,
    gzip: Option<Bytes>,
    br: Option<Bytes>,
}

/// The encodings a response may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Brotli (`br`).
    Brotli,
    /// gzip.
    Gzip,
    /// The file's own bytes.
    Identity,
}

/// The encoding to send for an `Accept-Encoding` header (`None`: no header): brotli if
/// accepted, else gzip, else the plain bytes. A coding with `q=0` is refused.
pub fn negotiate(accept: Option<&str>) -> Encoding {
    let Some(accept) = accept else {
        return Encoding::Identity;
    };
    let accepted = |name: &str| {
        accept.split(',').any(|part| {
            let mut it = part.split(';');
            let coding = it.next().unwrap_or("").trim();
            let q = it
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (coding.eq_ignore_ascii_case(name) || coding == "*") && q > 0.0
        })
    };
    if accepted("br") {
        Encoding::Brotli
    } else if accepted("gzip") {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// The path under the directory for a request's path (`/` and `dir/`: `index.html`), if
/// it is a plain one.
pub fn plain_path(uri_path: &str) -> Option<String> {
    let path = uri_path.trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let plain = path.split('/').all(|part| {
        !part.is_empty()
            && !part.starts_with('.')
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    });
    plain.then_some(path)
}

/// The Content-Type of a file name.
fn kind_of(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("txt") => "text/plain; charset=utf-8",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// Whether compressing a file of this kind is worth it (PNG is compressed already).
fn compressible(kind: &str) -> bool {
    kind.starts_with("text/")
        || kind.starts_with("application/") && kind != "application/octet-stream"
        || kind == "image/svg+xml"
}

/// The bytes compressed with brotli (quality 11) and gzip (level 9); either is dropped if
/// it is not smaller than the plain bytes.
fn compress(plain: &[u8]) -> (Option<Bytes>, Option<Bytes>) {
    let mut w = brotli::CompressorWriter::new(Vec::new(), 64 * 1024, 11, 22);
    let br = match w.write_all(plain).and_then(|()| w.flush()) {
        Ok(()) => w.into_inner(),
        Err(_) => Vec::new(),
    };
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let gz = gz
        .write_all(plain)
        .ok()
        .and_then(|()| gz.finish().ok())
        .unwrap_or_default();
    let smaller = |v: Vec<u8>| (!v.is_empty() && v.len() < plain.len()).then(|| Bytes::from(v));
    (smaller(br), smaller(gz))
}

fn load(full: &Path, path: &str, modified: SystemTime, len: u64) -> Option<Entry> {
    let plain = std::fs::read(full).ok()?;
    let kind = kind_of(path);
    let (br, gzip) = if compressible(kind) {
        compress(&plain)
    } else {
        (None, None)
    };
    let digest = Sha256::digest(&plain);
    let tag = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    Some(Entry {
        modified,
        len,
        kind,
        tag,
        plain: Bytes::from(plain),
        gzip,
        br,
    })
}

impl WebFiles {
    /// The files of `dir`.
    pub fn new(dir: PathBuf) -> Arc<WebFiles> {
        Arc::new(WebFiles {
            dir,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// Reads and compresses every plain file of the directory (and its folders) now, on a
    /// blocking thread, so that the first visitor does not wait for it.
    pub fn warm(self: &Arc<WebFiles>) {
        let files = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let mut todo = vec![String::new()];
            while let Some(sub) = todo.pop() {
                let Ok(read) = std::fs::read_dir(files.dir.join(&sub)) else {
                    continue;
                };
                for item in read.flatten() {
                    let name = item.file_name().to_string_lossy().into_owned();
                    let path = if sub.is_empty() {
                        name
                    } else {
                        format!("{sub}/{name}")
                    };
                    if plain_path(&path).as_deref() != Some(path.as_str()) {
                        continue;
                    }
                    match item.file_type() {
                        Ok(t) if t.is_dir() => todo.push(path),
                        Ok(t) if t.is_file() => {
                            let _ = files.entry_blocking(&path);
                        }
                        _ => {}
                    }
                }
            }
        });
    }

    /// The file at `path` (plain), from memory if its size and modification time are the
    /// ones read, else read and compressed again.
    fn entry_blocking(&self, path: &str) -> Option<Arc<Entry>> {
        let full = self.dir.join(path);
        let meta = std::fs::metadata(&full).ok().filter(|m| m.is_file())?;
        let modified = meta.modified().ok()?;
        if let Some(e) = self.cache.lock().ok()?.get(path)
            && e.modified == modified
            && e.len == meta.len()
        {
            return Some(Arc::clone(e));
        }
        let entry = Arc::new(load(&full, path, modified, meta.len())?);
        self.cache
            .lock()
            .ok()?
            .insert(path.to_string(), Arc::clone(&entry));
        Some(entry)
    }

    /// The answer to `GET uri_path` with the request's `headers`.
    pub async fn get(self: &Arc<WebFiles>, uri_path: &str, headers: &HeaderMap) -> Response {
        let Some(path) = plain_path(uri_path) else {
            return StatusCode::NOT_FOUND.into_response();
        };
        let files = Arc::clone(self);
        let entry = tokio::task::spawn_blocking(move || files.entry_blocking(&path))
            .await
            .ok()
            .flatten();
        match entry {
            Some(entry) => respond(&entry, headers),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    }
}

/// The response for `entry`: its best encoding for the client, or `304` if the client's
/// copy is current.
fn respond(entry: &Entry, headers: &HeaderMap) -> Response {
    let accept = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok());
    let (encoding, body) = match negotiate(accept) {
        Encoding::Brotli if entry.br.is_some() => (Some("br"), entry.br.clone()),
        Encoding::Brotli | Encoding::Gzip if entry.gzip.is_some() => {
            (Some("gzip"), entry.gzip.clone())
        }
        _ => (None, None),
    };
    let body = body.unwrap_or_else(|| entry.plain.clone());
    let etag = match encoding {
        Some(coding) => format!("\"{}-{coding}\"", entry.tag),
        None => format!("\"{}\"", entry.tag),
    };
    let last_modified = httpdate::fmt_http_date(entry.modified);
    let mut out = HeaderMap::new();
    let mut put = |name, value: &str| {
        if let Ok(v) = HeaderValue::from_str(value) {
            out.insert(name, v);
        }
    };
    put(header::ETAG, &etag);
    put(header::LAST_MODIFIED, &last_modified);
    put(header::CACHE_CONTROL, "no-cache");
    if entry.br.is_some() || entry.gzip.is_some() {
        put(header::VARY, "accept-encoding");
    }
    if not_modified(entry, headers) {
        return (StatusCode::NOT_MODIFIED, out).into_response();
    }
    put(header::CONTENT_TYPE, entry.kind);
    if let Some(coding) = encoding {
        put(header::CONTENT_ENCODING, coding);
    }
    (out, body).into_response()
}

/// Whether the client's copy is current: an `If-None-Match` naming any of the file's tags
/// (or `*`), or, without one, an `If-Modified-Since` not before its modification (to the
/// second).
fn not_modified(entry: &Entry, headers: &HeaderMap) -> bool {
    if let Some(tags) = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
    {
        return tags.split(',').any(|t| {
            let t = t.trim().trim_start_matches("W/").trim_matches('"');
            t == "*" || t.split('-').next() == Some(entry.tag.as_str())
        });
    }
    headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| httpdate::parse_http_date(v).ok())
        .is_some_and(|since| {
            let secs = |t: SystemTime| {
                t.duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs())
            };
            secs(entry.modified) <= secs(since)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn the_encoding_follows_accept_encoding() {
        assert_eq!(negotiate(None), Encoding::Identity);
        assert_eq!(negotiate(Some("gzip, deflate, br, zstd")), Encoding::Brotli);
        assert_eq!(negotiate(Some("gzip")), Encoding::Gzip);
        assert_eq!(negotiate(Some("br;q=0, gzip;q=0.5")), Encoding::Gzip);
        assert_eq!(negotiate(Some("identity")), Encoding::Identity);
        assert_eq!(negotiate(Some("*")), Encoding::Brotli);
    }

    #[test]
    fn only_plain_paths_are_files() {
        assert_eq!(plain_path("/").as_deref(), Some("index.html"));
        assert_eq!(plain_path("/pkg/x.wasm").as_deref(), Some("pkg/x.wasm"));
        assert_eq!(plain_path("/docs/").as_deref(), Some("docs/index.html"));
        for bad in [
            "/.secret",
            "/../x",
            "/a/../../x",
            "/a//b",
            "/%2e%2e/x",
            "/a b",
        ] {
            assert_eq!(plain_path(bad), None, "{bad}");
        }
    }

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.insert(name.clone(), value.parse().unwrap());
        }
        h
    }

    async fn body(r: Response) -> Vec<u8> {
        axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec()
    }

    #[tokio::test]
    async fn files_are_sent_compressed_once_and_revalidated() {
        let dir = tempfile::tempdir().unwrap();
        let js: String = (0..2000).map(|i| format!("let x{i} = {i};\n")).collect();
        std::fs::write(dir.path().join("app.js"), &js).unwrap();
        let files = WebFiles::new(dir.path().to_path_buf());

        let br = files
            .get(
                "/app.js",
                &headers(&[(header::ACCEPT_ENCODING, "gzip, br")]),
            )
            .await;
        assert_eq!(br.status(), StatusCode::OK);
        let h = br.headers().clone();
        assert_eq!(h[header::CONTENT_ENCODING], "br");
        assert_eq!(h[header::CACHE_CONTROL], "no-cache");
        assert_eq!(h[header::VARY], "accept-encoding");
        assert!(
            h[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/javascript")
        );
        let packed = body(br).await;
        assert!(
            packed.len() * 4 < js.len(),
            "{} of {}",
            packed.len(),
            js.len()
        );
        let mut unpacked = Vec::new();
        brotli::Decompressor::new(&packed[..], 4096)
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, js.as_bytes());

        let gz = files
            .get("/app.js", &headers(&[(header::ACCEPT_ENCODING, "gzip")]))
            .await;
        assert_eq!(gz.headers()[header::CONTENT_ENCODING], "gzip");
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&body(gz).await[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, js.as_bytes());

        let plain = files.get("/app.js", &HeaderMap::new()).await;
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(body(plain).await, js.as_bytes());

        // The client's copy is current: 304, no body.
        let etag = h[header::ETAG].to_str().unwrap().to_string();
        let again = files
            .get("/app.js", &headers(&[(header::IF_NONE_MATCH, &etag)]))
            .await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert!(body(again).await.is_empty());
        let since = h[header::LAST_MODIFIED].to_str().unwrap().to_string();
        let again = files
            .get("/app.js", &headers(&[(header::IF_MODIFIED_SINCE, &since)]))
            .await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

        // A new version of the file: a new tag, and the old one is not current.
        std::fs::write(dir.path().join("app.js"), format!("{js}// v2\n")).unwrap();
        let changed = files
            .get("/app.js", &headers(&[(header::IF_NONE_MATCH, &etag)]))
            .await;
        assert_eq!(changed.status(), StatusCode::OK);
        assert_ne!(changed.headers()[header::ETAG].to_str().unwrap(), etag);
        assert!(body(changed).await.ends_with(b"// v2\n"));

        assert_eq!(
            files.get("/missing.js", &HeaderMap::new()).await.status(),
            StatusCode::NOT_FOUND
        );
    }
}
