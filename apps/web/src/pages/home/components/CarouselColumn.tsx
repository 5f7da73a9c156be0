import type { ColumnItem } from '@eip/contracts';
import { Carousel, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeAddress } from '../../../api/client';
import { ItemLink, ONE_LINE } from './ItemLink';

/**
 * News with their cover pictures, turning every 5 s (paused while pointed at or focused); arrows and dots to
 * move. The pictures come by the signed addresses the column gave: plain images, no API call, cached.
 */
export function CarouselColumn({ items, label }: { items: ColumnItem[]; label: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [current, setCurrent] = useState(0);
  return (
    <section aria-roledescription={t('portal.carousel.role')} aria-label={label} style={{ height: '100%' }}>
      <Carousel
        autoplay={{ dotDuration: true }}
        autoplaySpeed={5000}
        arrows
        draggable
        infinite={false}
        beforeChange={(_from, to) => setCurrent(to)}
        style={{ height: '100%' }}
      >
        {items.map((item, index) => (
          <div
            key={item.id}
            role="group"
            aria-roledescription={t('portal.carousel.slideRole')}
            aria-label={t('portal.carousel.slide', { index: index + 1, total: items.length })}
          >
            <ItemLink
              to={item.link}
              tabIndex={index === current ? 0 : -1}
              style={{ display: 'block', position: 'relative', color: '#fff' }}
            >
              {item.image && (
                <img
                  src={routeAddress('downloadImage', item.image)}
                  alt=""
                  loading={index === 0 ? 'eager' : 'lazy'}
                  style={{
                    width: '100%',
                    height: 260,
                    objectFit: 'cover',
                    display: 'block',
                    borderRadius: token.borderRadius,
                    background: token.colorFillTertiary,
                  }}
                />
              )}
              <span
                style={{
                  position: 'absolute',
                  insetInline: 0,
                  bottom: 0,
                  padding: `${token.paddingLG}px ${token.padding}px ${token.paddingLG}px`,
                  background: 'linear-gradient(transparent, rgba(0,0,0,0.72))',
                  borderEndStartRadius: token.borderRadius,
                  borderEndEndRadius: token.borderRadius,
                }}
              >
                {item.tag && <span style={{ fontSize: token.fontSizeSM, display: 'block' }}>{item.tag}</span>}
                <strong style={{ fontSize: token.fontSizeLG, display: 'block', ...ONE_LINE }}>
                  {item.title}
                </strong>
              </span>
            </ItemLink>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
