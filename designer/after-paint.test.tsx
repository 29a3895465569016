import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useAfterPaint } from './after-paint';

/** Frames by hand: each `frame()` runs the callbacks asked for so far, as the browser does before it paints. */
function manualFrames() {
  let callbacks = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
  return {
    frame() {
      const due = callbacks;
      callbacks = new Map();
      for (const callback of due.values()) callback(performance.now());
    },
    get waiting() {
      return callbacks.size;
    },
  };
}

function Shown({ value }: { value: string }) {
  return <output>{useAfterPaint(value)}</output>;
}

function ShownFrom({ value, initial }: { value: string; initial: string }) {
  return <output>{useAfterPaint(value, initial)}</output>;
}

describe('afterNextPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task after the next frame, not before it', () => {
    const frames = manualFrames();
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(50);
    expect(run).not.toHaveBeenCalled();
    frames.frame();
    // In the frame itself: not yet (the paint comes after the frame's callbacks).
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after 100 ms when no frame comes (a hidden tab), once', () => {
    const frames = manualFrames();
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    frames.frame();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const frames = manualFrames();
    const run = vi.fn();
    const cancel = afterNextPaint(run);
    cancel();
    expect(frames.waiting).toBe(0);
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('useAfterPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('hands a new value on after the frame that followed its render, the latest of several', () => {
    const frames = manualFrames();
    const { rerender } = render(<Shown value="a" />);
    expect(screen.getByRole('status').textContent).toBe('a');
    rerender(<Shown value="b" />);
    rerender(<Shown value="c" />);
    // The old value until a frame has been produced.
    expect(screen.getByRole('status').textContent).toBe('a');
    act(() => frames.frame());
    expect(screen.getByRole('status').textContent).toBe('a');
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('status').textContent).toBe('c');
    // Nothing waits once it has caught up.
    expect(frames.waiting).toBe(0);
  });

  it('starts from `initial` when given, and shows the value after the first frame', () => {
    const frames = manualFrames();
    render(<ShownFrom value="widgets" initial="label" />);
    expect(screen.getByRole('status').textContent).toBe('label');
    act(() => {
      frames.frame();
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByRole('status').textContent).toBe('widgets');
  });

  it('drops a wait when the value goes back before the frame', () => {
    const frames = manualFrames();
    const { rerender } = render(<Shown value="a" />);
    rerender(<Shown value="b" />);
    rerender(<Shown value="a" />);
    expect(frames.waiting).toBe(0);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status').textContent).toBe('a');
  });
});
