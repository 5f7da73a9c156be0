import type { SequenceFlow } from '../../flow/model.js';

/** The flow chart of getBpmImage drawn as SVG: nodes in their diagram places, coloured by status. */

interface ImageInput {
  bpmDefLayout: {
    name: string;
    width: number;
    height: number;
    listLayout: readonly {
      nodeId: string;
      name: string;
      nodeType: string;
      x: number;
      y: number;
      width: number;
      height: number;
    }[];
  };
  nodeColorMap: Record<string, string>;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Colours come from the status table; anything else is not drawn into the image. */
const safeColor = (color: string | undefined) =>
  color && /^#[0-9A-Fa-f]{3,8}$/.test(color) ? color : '#FFFFFF';

type Shape = ImageInput['bpmDefLayout']['listLayout'][number];

function shapeOf(shape: Shape, fill: string) {
  const { x, y, width: w, height: h } = shape;
  const style = `fill="${fill}" stroke="#333333" stroke-width="1.5"`;
  if (shape.nodeType === 'START' || shape.nodeType === 'END') {
    const r = Math.min(w, h) / 2;
    return `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${r}" ${style}${shape.nodeType === 'END' ? ' stroke-width="3"' : ''}/>`;
  }
  if (shape.nodeType.endsWith('GATEWAY')) {
    const points = [
      [x + w / 2, y],
      [x + w, y + h / 2],
      [x + w / 2, y + h],
      [x, y + h / 2],
    ];
    return `<polygon points="${points.map((p) => p.join(',')).join(' ')}" ${style}/>`;
  }
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" ${style}/>`;
}

function labelOf(shape: Shape) {
  const inside =
    !shape.nodeType.endsWith('GATEWAY') && shape.nodeType !== 'START' && shape.nodeType !== 'END';
  const cy = inside ? shape.y + shape.height / 2 : shape.y + shape.height + 14;
  return `<text x="${shape.x + shape.width / 2}" y="${cy}" text-anchor="middle" dominant-baseline="middle" font-size="12">${escapeXml(shape.name)}</text>`;
}

/** Where the line from a shape's centre towards a point leaves the shape's box. */
function edgePoint(s: Shape, [tx, ty]: readonly [number, number]): [number, number] {
  const cx = s.x + s.width / 2;
  const cy = s.y + s.height / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const t = Math.min(
    dx === 0 ? Infinity : s.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : s.height / 2 / Math.abs(dy),
  );
  return [Math.round(cx + dx * t), Math.round(cy + dy * t)];
}

export function flowImageSvg(image: ImageInput, flows: readonly SequenceFlow[]) {
  const { listLayout, width, height, name } = image.bpmDefLayout;
  const byNode = new Map(listLayout.map((s) => [s.nodeId, s]));
  const minX = Math.min(0, ...listLayout.map((s) => s.x)) - 20;
  const minY = Math.min(0, ...listLayout.map((s) => s.y)) - 20;
  const maxX = Math.max(width, ...listLayout.map((s) => s.x + s.width)) + 20;
  const maxY = Math.max(height, ...listLayout.map((s) => s.y + s.height)) + 40;
  const center = (s: Shape) => [s.x + s.width / 2, s.y + s.height / 2] as const;
  const edges = flows.flatMap((flow) => {
    const from = byNode.get(flow.sourceId);
    const to = byNode.get(flow.targetId);
    if (!from || !to) return [];
    const [x1, y1] = edgePoint(from, center(to));
    const [x2, y2] = edgePoint(to, center(from));
    return [`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#666666" marker-end="url(#arrow)"/>`];
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${maxX - minX} ${maxY - minY}" width="${maxX - minX}" height="${maxY - minY}">`,
    `<title>${escapeXml(name)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#666666"/></marker></defs>',
    ...edges,
    ...listLayout.map((s) => shapeOf(s, safeColor(image.nodeColorMap[s.nodeId]))),
    ...listLayout.map(labelOf),
    '</svg>',
  ].join('\n');
}
