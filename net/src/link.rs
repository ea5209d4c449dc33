//! The transport: an iroh endpoint (QUIC, dialed by public key) run on a small tokio
//! runtime of its own, seen by the rest of the host as blocking calls and one channel of
//! [`Event`]s.
//!
//! **Nothing leaves the machine unless the user asks.** The endpoint is built from
//! iroh's `Minimal` preset: no relay servers and no address lookup (iroh's builder turns
//! both on with its `N0` preset). It binds the address it is given (tests give
//! `127.0.0.1:0`); a joining side dials the addresses written in the invite and nothing
//! else. Only with [`NetSettings::relays`] (the app's setting *Use public relays to
//! reach players outside this network*) does it use iroh's public relays and address
//! lookup. The `portmapper` feature (UPnP/NAT-PMP requests to the router) is not built.
//!
//! **A peer's resources are bounded** ([`limits`]): one stream a connection (the
//! protocol's one bidirectional stream; no unidirectional stream, no datagram), QUIC
//! flow control windows of a few frames, at most [`limits::MAX_LINKS`] connections at
//! once (handshakes included; more are refused before their handshake), a frame begun
//! must be finished within [`limits::FRAME_WAIT`], and a connection that opens no stream
//! is closed. What a hostile peer can make this side hold is then a few hundred KiB a
//! connection, whatever it sends.

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
        mpsc,
    },
    time::Duration,
};

use iroh::{Endpoint, EndpointAddr, RelayMode, SecretKey, endpoint::presets};
use thiserror::Error;

use super::message::{ALPN, MAX_MESSAGE, Message};
use tavola_core::printable::printable_line;

/// The bounds on what one peer may make this side hold (see the module).
pub mod limits {
    use std::time::Duration;

    /// Streams a peer may have open on a connection: the protocol's one.
    pub const STREAMS: u32 = 1;
    /// Bytes a peer may send on a stream before this side reads them: two frames.
    pub const STREAM_WINDOW: u32 = 2 * super::MAX_MESSAGE as u32 + 64;
    /// Bytes a peer may have in flight on a connection, every stream together.
    pub const CONNECTION_WINDOW: u32 = 4 * super::MAX_MESSAGE as u32;
    /// Connections held at once by a listening side, handshakes included: the players
    /// of the largest game, spectators, and a few coming back.
    pub const MAX_LINKS: usize = 16;
    /// How long a connection's handshake, and then its opening of the stream, may take.
    pub const HANDSHAKE_WAIT: Duration = Duration::from_secs(10);
    /// How long a frame begun may take to arrive whole.
    pub const FRAME_WAIT: Duration = Duration::from_secs(10);
}

/// How a node reaches other players.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NetSettings {
    /// The address to listen on (`None`: every interface, a free port).
    pub listen: Option<SocketAddr>,
    /// Use iroh's public relays and address lookup to reach players outside this network
    /// (off by default: then only direct connections are made).
    pub relays: bool,
}

/// What went wrong with the network.
#[derive(Debug, Clone, Error)]
pub enum NetError {
    /// The endpoint could not start.
    #[error("network play could not start: {0}")]
    Bind(String),
    /// The other side could not be reached.
    #[error("could not reach the other player: {0}")]
    Connect(String),
    /// Nobody came, or the other side said nothing, in time.
    #[error("{0}")]
    Timeout(String),
    /// The connection is gone.
    #[error("the connection is closed: {0}")]
    Closed(String),
}

/// Something that happened on the network, in the order it happened.
#[derive(Debug)]
pub enum Event {
    /// A new connection was accepted (a player joining, coming back, or a spectator).
    Joined(Link),
    /// A peer's message.
    Message {
        /// The link's number ([`Link::id`]).
        link: u64,
        /// The message.
        message: Message,
    },
    /// A peer sent something that is not a message of this protocol (or too large):
    /// the link reads nothing more.
    Fault {
        /// The link's number.
        link: u64,
        /// What was wrong.
        reason: String,
    },
    /// The connection ended.
    Closed {
        /// The link's number.
        link: u64,
        /// Why, as the transport says it.
        reason: String,
    },
}

/// What the writer of a link is given.
#[derive(Debug)]
enum Outgoing {
    /// Bytes to send.
    Frame(Vec<u8>),
    /// Finish the stream, wait (a little) for the peer to have it all, close, and say
    /// so on the channel.
    Close(Vec<u8>, mpsc::Sender<()>),
}

/// A running endpoint.
pub struct Node {
    runtime: tokio::runtime::Runtime,
    endpoint: Endpoint,
    events: mpsc::Sender<Event>,
    next_link: Arc<AtomicU64>,
}

/// One connection to one peer: send messages on it; its messages arrive as [`Event`]s.
#[derive(Debug)]
pub struct Link {
    id: u64,
    connection: iroh::endpoint::Connection,
    outgoing: tokio::sync::mpsc::UnboundedSender<Outgoing>,
    sent: Arc<AtomicU64>,
    peer: String,
}

impl Node {
    /// Starts an endpoint with `settings`; every event of its links goes to `events`.
    /// `secret` keeps a host's identity across restarts (so that its invite stays good);
    /// `None` makes a new one.
    pub fn bind(
        settings: &NetSettings,
        secret: Option<SecretKey>,
        events: mpsc::Sender<Event>,
    ) -> Result<Self, NetError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tavola-net")
            .enable_all()
            .build()
            .map_err(|e| NetError::Bind(e.to_string()))?;
        // A peer that vanishes (a crash, a closed laptop) is noticed within seconds: the
        // connection sends keep-alives and gives up after 8 s of silence.
        let transport = iroh::endpoint::QuicTransportConfig::builder()
            .keep_alive_interval(Duration::from_secs(2))
            .max_idle_timeout(Some(iroh::endpoint::VarInt::from_u32(8_000).into()))
            .max_concurrent_bidi_streams(limits::STREAMS.into())
            .max_concurrent_uni_streams(0u32.into())
            .stream_receive_window(limits::STREAM_WINDOW.into())
            .receive_window(limits::CONNECTION_WINDOW.into())
            .send_window(u64::from(limits::CONNECTION_WINDOW))
            .datagram_receive_buffer_size(None)
            .build();
        let mut builder = Endpoint::builder(presets::Minimal)
            .alpns(vec![ALPN.to_vec()])
            .transport_config(transport);
        if let Some(key) = secret {
            builder = builder.secret_key(key);
        }
        if settings.relays {
            builder = builder.preset(presets::N0);
        } else {
            builder = builder
                .relay_mode(RelayMode::Disabled)
                .clear_address_lookup();
        }
        if let Some(addr) = settings.listen {
            builder = builder
                .clear_ip_transports()
                .bind_addr(addr)
                .map_err(|e| NetError::Bind(e.to_string()))?;
        }
        let endpoint = runtime
            .block_on(builder.bind())
            .map_err(|e| NetError::Bind(e.to_string()))?;
        Ok(Node {
            runtime,
            endpoint,
            events,
            next_link: Arc::new(AtomicU64::new(1)),
        })
    }

    /// This endpoint's secret key (saved by a host to come back under the same invite).
    pub fn secret(&self) -> SecretKey {
        self.endpoint.secret_key().clone()
    }

    /// This endpoint's public key and the addresses it can be reached at (waiting up to
    /// two seconds for the system to name them).
    pub fn addr(&self) -> EndpointAddr {
        let deadline = std::time::Instant::now() + Duration::from_secs(2);
        loop {
            let addr = self.endpoint.addr();
            if addr.ip_addrs().next().is_some() || std::time::Instant::now() > deadline {
                return addr;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Accepts connections from now on, each delivered as [`Event::Joined`]; at most
    /// [`limits::MAX_LINKS`] at once (a handshake counts from its first packet), others
    /// refused at once.
    pub fn listen(&self) {
        let endpoint = self.endpoint.clone();
        let events = self.events.clone();
        let next = self.next_link.clone();
        let handle = self.runtime.handle().clone();
        let live = Arc::new(tokio::sync::Semaphore::new(limits::MAX_LINKS));
        self.runtime.spawn(async move {
            while let Some(incoming) = endpoint.accept().await {
                let Ok(permit) = live.clone().try_acquire_owned() else {
                    incoming.refuse();
                    continue;
                };
                let events = events.clone();
                let next = next.clone();
                let handle = handle.clone();
                tokio::spawn(async move {
                    let accepted =
                        tokio::time::timeout(limits::HANDSHAKE_WAIT, async { incoming.await })
                            .await;
                    let Ok(Ok(connection)) = accepted else {
                        return;
                    };
                    // The connection holds its place until it ends.
                    let watched = connection.clone();
                    tokio::spawn(async move {
                        watched.closed().await;
                        drop(permit);
                    });
                    // The joining side opens the stream with its first message.
                    let Ok(Ok((send, recv))) =
                        tokio::time::timeout(limits::HANDSHAKE_WAIT, connection.accept_bi()).await
                    else {
                        connection.close(1u32.into(), b"no stream");
                        return;
                    };
                    let id = next.fetch_add(1, Ordering::Relaxed);
                    let (link, reader) =
                        Link::start(id, connection, send, recv, events.clone(), &handle);
                    // The link is announced before anything it reads: its first
                    // message must find it among the host's links.
                    let _ = events.send(Event::Joined(link));
                    reader.spawn(&handle);
                });
            }
        });
    }

    /// Connects to `addr` (trying for at most `limit`).
    pub fn connect(&self, addr: EndpointAddr, limit: Duration) -> Result<Link, NetError> {
        let endpoint = self.endpoint.clone();
        let id = self.next_link.fetch_add(1, Ordering::Relaxed);
        let events = self.events.clone();
        let handle = self.runtime.handle().clone();
        self.runtime.block_on(async move {
            let connect = |addr: EndpointAddr| async {
                let connection = endpoint
                    .connect(addr, ALPN)
                    .await
                    .map_err(|e| NetError::Connect(e.to_string()))?;
                let (send, recv) = connection
                    .open_bi()
                    .await
                    .map_err(|e| NetError::Connect(e.to_string()))?;
                let (link, reader) =
                    Link::start(id, connection, send, recv, events.clone(), &handle);
                reader.spawn(&handle);
                Ok(link)
            };
            // A first packet can be lost (seen on loopback about once in ten): each
            // attempt has a few seconds, and attempts go on until the limit.
            let deadline = tokio::time::Instant::now() + limit;
            let mut last = None;
            while tokio::time::Instant::now() < deadline {
                let left = deadline.saturating_duration_since(tokio::time::Instant::now());
                let attempt = left.min(Duration::from_secs(4));
                match tokio::time::timeout(attempt, connect(addr.clone())).await {
                    Ok(Ok(link)) => return Ok(link),
                    Ok(Err(e)) => {
                        last = Some(e);
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                    Err(_) => {}
                }
            }
            Err(last.unwrap_or_else(|| {
                NetError::Timeout(format!(
                    "could not reach the other player within {} s",
                    limit.as_secs()
                ))
            }))
        })
    }

    /// Closes every connection, letting the last messages go out (at most a second).
    pub fn close(self) {
        let endpoint = self.endpoint.clone();
        self.runtime.block_on(async move {
            let _ = tokio::time::timeout(Duration::from_secs(1), endpoint.close()).await;
        });
        self.runtime.shutdown_timeout(Duration::from_millis(200));
    }
}

/// A link's reading side, not yet started: nothing the peer sends becomes an event
/// before [`Reader::spawn`].
struct Reader {
    id: u64,
    recv: iroh::endpoint::RecvStream,
    events: mpsc::Sender<Event>,
}

impl Reader {
    /// Reads the link's frames from now on, each delivered as an event.
    fn spawn(self, handle: &tokio::runtime::Handle) {
        let Reader {
            id,
            mut recv,
            events,
        } = self;
        handle.spawn(async move {
            // After a fault nothing more is read; the link's owner refuses and closes.
            let event = read_loop(id, &mut recv, &events).await;
            let _ = events.send(event);
        });
    }
}

impl Link {
    /// The link with its writer running, and its reader to start once the link is
    /// where its events will look for it.
    fn start(
        id: u64,
        connection: iroh::endpoint::Connection,
        mut send: iroh::endpoint::SendStream,
        recv: iroh::endpoint::RecvStream,
        events: mpsc::Sender<Event>,
        handle: &tokio::runtime::Handle,
    ) -> (Self, Reader) {
        let (outgoing, mut queue) = tokio::sync::mpsc::unbounded_channel::<Outgoing>();
        let writer_conn = connection.clone();
        handle.spawn(async move {
            while let Some(item) = queue.recv().await {
                match item {
                    Outgoing::Frame(frame) => {
                        if send.write_all(&frame).await.is_err() {
                            return;
                        }
                    }
                    Outgoing::Close(reason, done) => {
                        // The last message (a refusal, a goodbye) must arrive before the
                        // connection closes: closing at once would drop it.
                        let _ = send.finish();
                        let _ = tokio::time::timeout(Duration::from_secs(1), send.stopped()).await;
                        writer_conn.close(0u32.into(), &reason);
                        let _ = done.send(());
                        return;
                    }
                }
            }
            let _ = send.finish();
        });
        let peer = connection.remote_id().fmt_short().to_string();
        let link = Link {
            id,
            connection,
            outgoing,
            sent: Arc::new(AtomicU64::new(0)),
            peer,
        };
        (link, Reader { id, recv, events })
    }

    /// The link's number, carried by its events.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The peer's public key, short, for people.
    pub fn peer(&self) -> &str {
        &self.peer
    }

    /// Sends `message` (queued: a closed link is reported as [`Event::Closed`]).
    pub fn send(&self, message: &Message) {
        let frame = message.to_frame();
        self.sent.fetch_add(frame.len() as u64, Ordering::Relaxed);
        let _ = self.outgoing.send(Outgoing::Frame(frame));
    }

    /// Sends `bytes` as they are, framed or not: what a broken or hostile peer would
    /// send (for the tests that play one).
    #[doc(hidden)]
    pub fn send_raw(&self, bytes: Vec<u8>) {
        let _ = self.outgoing.send(Outgoing::Frame(bytes));
    }

    /// The connection's measured round trip (QUIC's estimate; zero before it has one).
    pub fn rtt(&self) -> Duration {
        self.connection
            .rtt(iroh::endpoint::PathId::ZERO)
            .unwrap_or_default()
    }

    /// The bytes of every frame sent so far.
    pub fn bytes_sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }

    /// Closes the connection once what was sent has arrived (at most a second later),
    /// telling the peer `reason`.
    pub fn close(&self, reason: &str) {
        let _ = self.start_close(reason);
    }

    fn start_close(&self, reason: &str) -> Option<mpsc::Receiver<()>> {
        let reason: Vec<u8> = reason.bytes().take(100).collect();
        let (done, closed) = mpsc::channel();
        if self
            .outgoing
            .send(Outgoing::Close(reason.clone(), done))
            .is_err()
        {
            self.connection.close(0u32.into(), &reason);
            return None;
        }
        Some(closed)
    }
}

impl Drop for Link {
    /// A link dropped on any path (an error included) first lets its last messages — a
    /// refusal, a goodbye — reach the peer (at most a second and a half).
    fn drop(&mut self) {
        if let Some(closed) = self.start_close("closed") {
            let _ = closed.recv_timeout(Duration::from_millis(1500));
        }
    }
}

/// Reads frames until the stream ends or a frame is refused; returns the last event.
/// Waiting for a frame has no limit (the connection's keep-alives watch the peer), but
/// a frame begun must be whole within [`limits::FRAME_WAIT`].
async fn read_loop(
    id: u64,
    recv: &mut iroh::endpoint::RecvStream,
    events: &mpsc::Sender<Event>,
) -> Event {
    let closed = |e: &dyn std::fmt::Display| Event::Closed {
        link: id,
        reason: printable_line(&e.to_string()).into_owned(),
    };
    let stalled = || Event::Fault {
        link: id,
        reason: format!(
            "a message begun and not finished within {} s",
            limits::FRAME_WAIT.as_secs()
        ),
    };
    loop {
        let mut len = [0u8; 4];
        if let Err(e) = recv.read_exact(&mut len[..1]).await {
            return closed(&e);
        }
        match tokio::time::timeout(limits::FRAME_WAIT, recv.read_exact(&mut len[1..])).await {
            Err(_) => return stalled(),
            Ok(Err(e)) => return closed(&e),
            Ok(Ok(())) => {}
        }
        let len = u32::from_be_bytes(len) as usize;
        if len > MAX_MESSAGE {
            return Event::Fault {
                link: id,
                reason: format!("a message of {len} bytes, more than the {MAX_MESSAGE} allowed"),
            };
        }
        let mut body = vec![0; len];
        match tokio::time::timeout(limits::FRAME_WAIT, recv.read_exact(&mut body)).await {
            Err(_) => return stalled(),
            Ok(Err(e)) => return closed(&e),
            Ok(Ok(())) => {}
        }
        match Message::from_body(&body) {
            Ok(message) => {
                if events.send(Event::Message { link: id, message }).is_err() {
                    return Event::Closed {
                        link: id,
                        reason: "nobody listens".into(),
                    };
                }
            }
            Err(e) => {
                return Event::Fault {
                    link: id,
                    reason: e.to_string(),
                };
            }
        }
    }
}
