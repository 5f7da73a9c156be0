import type { ColumnFigure } from '@eip/contracts';
import { formatCountUpValue } from '@eip/contracts/utils';
import { Flex, theme } from 'antd';
import { ItemLink } from './ItemLink';
import { useCountUp } from './useCountUp';
import { VisuallyHidden } from './VisuallyHidden';

function Figure({ figure }: { figure: ColumnFigure }) {
  const { token } = theme.useToken();
  const counting = useCountUp(figure.value, { decimals: figure.decimals });
  const final = formatCountUpValue(figure.value, { separator: ',', decimals: figure.decimals });
  return (
    <ItemLink to={figure.link} style={{ color: 'inherit' }}>
      <Flex vertical align="center" gap={token.marginXXS} style={{ padding: token.paddingXS }}>
        <span
          aria-hidden
          style={{
            fontSize: token.fontSizeHeading2,
            fontWeight: 600,
            color: token.colorPrimary,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {counting}
        </span>
        <VisuallyHidden>{final}</VisuallyHidden>
        <span style={{ textAlign: 'center', color: token.colorTextSecondary }}>{figure.label}</span>
      </Flex>
    </ItemLink>
  );
}

/** Key figures counting up to their value (spec §9 count-up), each opening the list it counts. */
export function FiguresColumn({ figures, label }: { figures: ColumnFigure[]; label: string }) {
  return (
    <Flex
      wrap
      gap="small"
      justify="space-around"
      align="center"
      role="group"
      aria-label={label}
      style={{ height: '100%' }}
    >
      {figures.map((figure) => (
        <Figure key={figure.key} figure={figure} />
      ))}
    </Flex>
  );
}
