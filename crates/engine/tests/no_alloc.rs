// Own binary: it installs a counting `#[global_allocator]` for the whole process.
//! The playout path allocates nothing: `apply` with the `()` recorder, move
//! generation and the outcome. A counting global allocator proves it; the
//! traced path is checked to allocate, so the counter is known to work.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use oanquan_engine::{Position, Preset, Seat};

struct Counting;

// Per thread: libtest's own threads allocate now and then, more often on a
// loaded machine, and must not count against the playout.
thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn random_game(preset: Preset, mut seed: u64, traced: bool) -> u32 {
    let mut position = Position::start(preset.rules(), Seat::South);
    let mut plies = 0;
    while !position.is_over() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let count = position.legal_move_count();
        let m = position
            .nth_legal_move((seed % u64::from(count)) as u32)
            .unwrap();
        if traced {
            position = position.play_traced(m).unwrap().0;
        } else {
            position.apply(m, &mut ()).unwrap();
            let _ = position.legal_moves();
        }
        plies += 1;
    }
    plies
}

#[test]
fn playouts_allocate_nothing_and_traces_do() {
    for preset in Preset::ALL {
        for seed in 1..200 {
            let before = allocations();
            let plies = random_game(preset, seed, false);
            let after = allocations();
            assert!(plies > 0);
            assert_eq!(after - before, 0, "{preset} seed {seed} allocated");
        }
    }
    let before = allocations();
    random_game(Preset::Classic, 7, true);
    assert!(allocations() > before);
}
