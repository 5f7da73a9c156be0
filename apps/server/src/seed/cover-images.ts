import { crc32, deflateSync } from 'node:zlib';

/**
 * Small cover pictures for the demo news, drawn at seed time (no image files in the repository): a sky
 * with the sun, hills or a skyline, each in its own colours, as 16:9 PNGs of a few kilobytes.
 */
const WIDTH = 480;
const HEIGHT = 270;

type Rgb = [number, number, number];

interface Scene {
  skyTop: Rgb;
  skyBottom: Rgb;
  sun: Rgb;
  far: Rgb;
  near: Rgb;
  /** hills or a city skyline */
  ground: 'hills' | 'city' | 'sea';
  seed: number;
}

const SCENES: Scene[] = [
  {
    skyTop: [35, 80, 170],
    skyBottom: [140, 190, 240],
    sun: [255, 236, 160],
    far: [70, 120, 110],
    near: [40, 90, 60],
    ground: 'hills',
    seed: 1,
  },
  {
    skyTop: [250, 120, 70],
    skyBottom: [255, 210, 140],
    sun: [255, 250, 220],
    far: [120, 70, 90],
    near: [60, 40, 70],
    ground: 'city',
    seed: 2,
  },
  {
    skyTop: [20, 60, 120],
    skyBottom: [90, 170, 210],
    sun: [255, 255, 255],
    far: [30, 110, 160],
    near: [15, 70, 120],
    ground: 'sea',
    seed: 3,
  },
  {
    skyTop: [47, 84, 235],
    skyBottom: [170, 200, 255],
    sun: [255, 245, 200],
    far: [60, 80, 150],
    near: [30, 45, 110],
    ground: 'city',
    seed: 4,
  },
  {
    skyTop: [114, 46, 209],
    skyBottom: [240, 160, 200],
    sun: [255, 230, 240],
    far: [90, 60, 140],
    near: [50, 30, 90],
    ground: 'hills',
    seed: 5,
  },
  {
    skyTop: [19, 194, 194],
    skyBottom: [200, 245, 235],
    sun: [255, 255, 230],
    far: [40, 150, 120],
    near: [20, 100, 80],
    ground: 'hills',
    seed: 6,
  },
  {
    skyTop: [250, 84, 28],
    skyBottom: [250, 200, 120],
    sun: [255, 240, 200],
    far: [150, 60, 40],
    near: [90, 40, 30],
    ground: 'sea',
    seed: 7,
  },
  {
    skyTop: [24, 144, 255],
    skyBottom: [200, 230, 255],
    sun: [255, 250, 210],
    far: [90, 110, 140],
    near: [50, 60, 90],
    ground: 'city',
    seed: 8,
  },
  {
    skyTop: [250, 173, 20],
    skyBottom: [255, 235, 170],
    sun: [255, 255, 240],
    far: [140, 110, 50],
    near: [90, 70, 30],
    ground: 'hills',
    seed: 9,
  },
  {
    skyTop: [10, 30, 70],
    skyBottom: [60, 90, 150],
    sun: [240, 240, 255],
    far: [30, 50, 90],
    near: [15, 25, 50],
    ground: 'city',
    seed: 10,
  },
];

export const COVER_COUNT = SCENES.length;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** The height of the ground at column x (0 at the bottom edge), for the far and the near layer. */
function groundHeights(scene: Scene): { far: number[]; near: number[] } {
  const far: number[] = [];
  const near: number[] = [];
  const s = scene.seed;
  for (let x = 0; x < WIDTH; x++) {
    if (scene.ground === 'hills') {
      far.push(110 + 30 * Math.sin(x / 70 + s) + 12 * Math.sin(x / 23 + 2 * s));
      near.push(60 + 25 * Math.sin(x / 55 + 3 * s) + 8 * Math.sin(x / 17 + s));
    } else if (scene.ground === 'city') {
      const block = Math.floor(x / 24);
      const tall = (Math.sin(block * 12.9898 + s * 78.233) * 43758.5453) % 1;
      far.push(90 + Math.abs(tall) * 90);
      const low = (Math.sin(Math.floor(x / 37) * 4.1414 + s) * 24634.6345) % 1;
      near.push(40 + Math.abs(low) * 50);
    } else {
      far.push(95 + 3 * Math.sin(x / 9 + s));
      near.push(60 + 5 * Math.sin(x / 13 + 2 * s) + 3 * Math.sin(x / 5));
    }
  }
  return { far, near };
}

function pixels(scene: Scene): Buffer {
  const { far, near } = groundHeights(scene);
  const sunX = WIDTH * (0.25 + 0.5 * ((scene.seed * 0.37) % 1));
  const sunY = HEIGHT * 0.32;
  const rowBytes = WIDTH * 3 + 1;
  const out = Buffer.alloc(rowBytes * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    out[y * rowBytes] = 0;
    const fromBottom = HEIGHT - y;
    const sky = mix(scene.skyTop, scene.skyBottom, y / HEIGHT);
    for (let x = 0; x < WIDTH; x++) {
      let color: Rgb;
      if (fromBottom < near[x]!) color = mix(scene.near, [0, 0, 0], (1 - fromBottom / near[x]!) * 0.35);
      else if (fromBottom < far[x]!) color = scene.far;
      else {
        const distance = Math.hypot(x - sunX, y - sunY);
        const glow = Math.max(0, 1 - distance / 120) ** 2;
        color = distance < 26 ? scene.sun : mix(sky, scene.sun, glow * 0.6);
      }
      const at = y * rowBytes + 1 + x * 3;
      out[at] = Math.round(color[0]);
      out[at + 1] = Math.round(color[1]);
      out[at + 2] = Math.round(color[2]);
    }
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Cover picture number `index` (0 … COVER_COUNT − 1) as PNG bytes. */
export function coverImage(index: number): Buffer {
  const scene = SCENES[index % SCENES.length]!;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels(scene), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
