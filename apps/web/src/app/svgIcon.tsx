import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

const draw = (node: AbstractNode, key?: number): ReactNode =>
  createElement(node.tag, { ...node.attrs, key }, node.children?.map(draw));

/**
 * An Ant Design icon (outlined or filled) drawn from its definition alone, for the first paint: the icon
 * component brings its context and style injection along. Decorative: hidden from assistive technology.
 */
export function SvgIcon({ icon }: { icon: IconDefinition }) {
  if (typeof icon.icon === 'function') throw new Error(`two-tone icon ${icon.name} is not drawn here`);
  return (
    <span aria-hidden style={{ display: 'inline-flex', lineHeight: 0 }}>
      {createElement('svg', {
        ...icon.icon.attrs,
        width: '1em',
        height: '1em',
        fill: 'currentColor',
        children: icon.icon.children?.map(draw),
      })}
    </span>
  );
}
