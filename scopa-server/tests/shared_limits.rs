//! The allowances of a client address are shared by every server process on one
//! PostgreSQL: rooms created on one process count on the other, and so do the connections
//! it holds open (each process writes its use once a second and reads the others').

mod cluster;
mod common;

use std::time::Duration;

use cluster::Cluster;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_has_one_allowance_over_the_processes() {
    let cluster = Cluster::start();
    let db = cluster.url();
    let limits = ["--rooms-per-addr", "4", "--conns-per-addr", "4"];
    let one = Server::start(std::path::Path::new(&db), &limits);
    let two = Server::start(std::path::Path::new(&db), &limits);
    // Three rooms and three connections from 127.0.0.1 on process one…
    let mut on_one = Vec::new();
    for seed in 0..3 {
        let mut c = Client::connect(&one.addr).await;
        create(&mut c, TWO_PEOPLE, seed).await;
        on_one.push(c);
    }
    // … are seen by process two within a second or two: one more room and one more
    // connection, not more.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let mut c = Client::connect(&two.addr).await;
    create(&mut c, TWO_PEOPLE, 9).await;
    c.send(json!({"type": "create", "settings": TWO_PEOPLE, "seed": 10}))
        .await;
    assert_eq!(c.expect("error").await["code"], "too_many_rooms");
    let fifth = tokio_tungstenite::connect_async(format!("ws://{}/ws", two.addr)).await;
    assert!(
        fifth.is_err(),
        "the address holds its four connections over both"
    );
    // One closes on process one: process two lets one more in after the next reading.
    let mut first = on_one.remove(0);
    first.ws.close(None).await.unwrap();
    while first.next_any().await.is_some() {}
    drop(first);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let again = tokio_tungstenite::connect_async(format!("ws://{}/ws", two.addr)).await;
    assert!(
        again.is_ok(),
        "a connection closed on one process frees a place on the other"
    );
}
