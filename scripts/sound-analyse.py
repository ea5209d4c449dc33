"""Reads a raw s16le mono 44.1 kHz recording of examples/sound_check and prints where
sound is: each onset (10 ms windows over a threshold, after 30 ms of quiet) in the
recording's own time, its peak over the next 100 ms and its pitch (zero crossings in
its first 30 ms); then the peaks of the windows the timeline names, aligned on the
first drop (timeline 500 ms)."""
import struct, sys, math
data = open(sys.argv[1], 'rb').read()
n = len(data) // 2
s = struct.unpack(f'<{n}h', data[:2*n])
R = 44100; W = R // 100
peaks = [max(abs(x) for x in s[i:i+W]) for i in range(0, n - W, W)]
thr = 400
onsets = []
quiet = 3
for k, p in enumerate(peaks):
    if p > thr and quiet >= 3:
        onsets.append(k)
    quiet = 0 if p > thr / 2 else quiet + 1
def pitch(k):
    seg = s[k*W:k*W + int(0.03*R)]
    z = sum(1 for a, b in zip(seg, seg[1:]) if (a < 0) != (b < 0))
    return z / 2 / 0.03
print(f"{n/R:.2f} s recorded, {len(onsets)} onsets")
t0 = onsets[0]
for k in onsets:
    print(f"  {k*10:6d} ms (timeline {(k-t0)*10+500:6d}): peak {max(peaks[k:k+10]):6d}, ~{pitch(k):5.0f} Hz")
def win(a, b):
    a = (a - 500) // 10 + t0; b = (b - 500) // 10 + t0
    return max(peaks[a:b], default=0)
for name, a, b in [("drops 500-1100", 500, 1100), ("capture 1500-1850", 1500, 1850),
                   ("capture muted 7500-8450", 7500, 8450), ("capture at 25% 9000-9350", 9000, 9350),
                   ("quiet 6600-6990", 6600, 6990)]:
    print(f"peak {name}: {win(a, b)}")
