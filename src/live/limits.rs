//! How many streams may be open at once: per client (the caller's key of
//! its address: an IPv6 client by its /56) and in all. Each
//! open stream holds a [`StreamSlot`]; dropping it (the stream ended, or
//! the server noticed at a write, a heartbeat at the latest, that the
//! client left) gives the place back.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Why a stream was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// This client IP holds `max` streams already.
    PerIp { max: usize },
    /// The server holds `max` streams already.
    Total { max: usize },
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    per_ip: HashMap<IpAddr, usize>,
}

/// The caps and the streams open under them. Cheap to clone.
#[derive(Clone, Debug)]
pub struct StreamSlots {
    max_per_ip: usize,
    max_total: usize,
    counts: Arc<Mutex<Counts>>,
}

impl StreamSlots {
    /// 0 lifts a cap.
    pub fn new(max_per_ip: usize, max_total: usize) -> StreamSlots {
        StreamSlots {
            max_per_ip,
            max_total,
            counts: Arc::default(),
        }
    }

    /// A place for one more stream of `client`, the key its address is
    /// counted under (`None`: an address the server cannot tell, counted
    /// in the total only).
    pub fn admit(&self, client: Option<IpAddr>) -> Result<StreamSlot, Refused> {
        let mut counts = self.counts.lock().expect("slots lock");
        if self.max_total > 0 && counts.total >= self.max_total {
            return Err(Refused::Total {
                max: self.max_total,
            });
        }
        if let Some(ip) = client {
            let held = counts.per_ip.entry(ip).or_default();
            if self.max_per_ip > 0 && *held >= self.max_per_ip {
                return Err(Refused::PerIp {
                    max: self.max_per_ip,
                });
            }
            *held += 1;
        }
        counts.total += 1;
        Ok(StreamSlot {
            counts: self.counts.clone(),
            client,
        })
    }

    /// Streams open now (for tests and metrics).
    pub fn open(&self) -> usize {
        self.counts.lock().expect("slots lock").total
    }
}

/// One open stream's place under the caps, given back when dropped.
#[derive(Debug)]
pub struct StreamSlot {
    counts: Arc<Mutex<Counts>>,
    client: Option<IpAddr>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().expect("slots lock");
        counts.total -= 1;
        if let Some(ip) = self.client {
            if let Some(held) = counts.per_ip.get_mut(&ip) {
                *held -= 1;
                if *held == 0 {
                    counts.per_ip.remove(&ip);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_counted_per_ip_and_in_all_and_given_back() {
        let slots = StreamSlots::new(2, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = slots.admit(Some(a)).unwrap();
        let _second = slots.admit(Some(a)).unwrap();
        assert_eq!(slots.admit(Some(a)).unwrap_err(), Refused::PerIp { max: 2 });
        let _third = slots.admit(Some(b)).unwrap();
        assert_eq!(slots.admit(Some(b)).unwrap_err(), Refused::Total { max: 3 });
        assert_eq!(slots.open(), 3);
        drop(first);
        assert_eq!(slots.open(), 2);
        assert!(
            slots.admit(Some(a)).is_ok(),
            "a place given back is free again"
        );
        let unlimited = StreamSlots::new(0, 0);
        let held: Vec<_> = (0..100)
            .map(|_| unlimited.admit(Some(a)).unwrap())
            .collect();
        assert_eq!(unlimited.open(), held.len());
    }
}
