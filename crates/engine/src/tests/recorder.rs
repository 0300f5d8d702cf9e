//! The recorder contract the endless-relay guard relies on: a rollback to a
//! mark drops exactly what was recorded after the mark. Play never reaches
//! the guard's rollback (`properties` checks that no relay cycles), so the
//! contract is stated here directly.

use crate::*;

fn lift(stones: u32) -> Event {
    Event::Lift {
        square: Square::ALL[1],
        stones,
    }
}

#[test]
fn a_rollback_drops_exactly_the_events_after_its_mark() {
    let mut events: Vec<Event> = Vec::new();
    assert_eq!(events.mark(), 0);
    events.record(lift(1));
    events.record(lift(2));
    let mark = events.mark();
    assert_eq!(mark, 2);
    events.record(lift(3));
    events.rollback(mark);
    assert_eq!(events, [lift(1), lift(2)]);
    events.record(lift(4));
    assert_eq!(events, [lift(1), lift(2), lift(4)]);
}
