// A short beep where the platform can make one (Web Audio): a bench's eyes are on the parcel, not on the screen.
// Nothing happens where there is no audio (no AudioContext, or one the browser will not start).

const BEEP_HZ = 880;
const BEEP_SECONDS = 0.3;

export function beep(): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (typeof Context !== 'function') return;
  try {
    const context = new Context();
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = 'square';
    tone.frequency.value = BEEP_HZ;
    volume.gain.value = 0.2;
    tone.connect(volume).connect(context.destination);
    tone.onended = () => void context.close();
    tone.start();
    tone.stop(context.currentTime + BEEP_SECONDS);
  } catch {
    // No sound on this machine: the alert is still on screen and holds the focus.
  }
}
