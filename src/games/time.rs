//! Where the Games layer reads the time. The server is the only
//! timekeeper: every transition asks its [`TimeSource`] once, so tests
//! move a [`ManualTime`] forward instead of sleeping.

use std::fmt;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, SubsecRound, TimeDelta, Utc};

pub trait TimeSource: Send + Sync + fmt::Debug {
    fn now(&self) -> DateTime<Utc>;
}

/// The machine's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemTime;

impl TimeSource for SystemTime {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that moves only when told to.
#[derive(Debug)]
pub struct ManualTime(Mutex<DateTime<Utc>>);

impl ManualTime {
    pub fn starting_at(at: DateTime<Utc>) -> Arc<ManualTime> {
        Arc::new(ManualTime(Mutex::new(at)))
    }

    /// Starts at the machine's time, so that stored times look real.
    pub fn starting_now() -> Arc<ManualTime> {
        Self::starting_at(Utc::now())
    }

    pub fn advance(&self, by: TimeDelta) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) += by;
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A shared time source; the machine's clock unless a test injects another.
#[derive(Clone, Debug)]
pub struct SharedTime(Arc<dyn TimeSource>);

impl SharedTime {
    pub fn new(source: Arc<dyn TimeSource>) -> SharedTime {
        SharedTime(source)
    }

    /// Now, to the microsecond both backends store.
    pub fn now(&self) -> DateTime<Utc> {
        self.0.now().trunc_subsecs(6)
    }
}

impl Default for SharedTime {
    fn default() -> Self {
        SharedTime(Arc::new(SystemTime))
    }
}

impl<T: TimeSource + 'static> From<Arc<T>> for SharedTime {
    fn from(source: Arc<T>) -> Self {
        SharedTime(source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_time_moves_only_when_advanced() {
        let manual = ManualTime::starting_now();
        let time = SharedTime::from(manual.clone());
        let before = time.now();
        assert_eq!(time.now(), before);
        manual.advance(TimeDelta::seconds(61));
        assert_eq!(time.now() - before, TimeDelta::seconds(61));
    }

    #[test]
    fn the_system_time_is_the_machine_s_clock_to_the_microsecond() {
        let before = Utc::now().trunc_subsecs(6);
        let now = SharedTime::default().now();
        let after = Utc::now();
        assert!(
            before <= now && now <= after,
            "{before} <= {now} <= {after}"
        );
        assert_eq!(now.timestamp_subsec_nanos() % 1_000, 0, "{now}");
        let system = SystemTime.now();
        assert!(now <= system && system <= Utc::now());
    }

    #[test]
    fn a_manual_time_starts_where_it_is_told_and_moves_both_ways() {
        let start = DateTime::parse_from_rfc3339("2026-12-02T10:00:00.123456789Z")
            .unwrap()
            .with_timezone(&Utc);
        let manual = ManualTime::starting_at(start);
        assert_eq!(manual.now(), start);
        let time = SharedTime::new(manual.clone());
        assert_eq!(time.now().to_rfc3339(), "2026-12-02T10:00:00.123456+00:00");
        manual.advance(TimeDelta::milliseconds(-500));
        assert_eq!(time.now().to_rfc3339(), "2026-12-02T09:59:59.623456+00:00");
        let before = Utc::now();
        let now = ManualTime::starting_now().now();
        assert!(before <= now && now <= Utc::now());
    }
}
