import { NODE_DISPLAY_STATES, isUserTaskType } from '@eip/contracts/flow';
import { CompressOutlined, DownloadOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, InputNumber, Modal, Popover, Skeleton, Tooltip, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callBlob } from '../../api/client';
import { loadChunk } from '../../app/lazy';
import { approvalKeys } from '../../pages/matter/shared/queries';
import { useSettings } from '../../stores/settings';
import { useActingFor } from '../approval/actingFor';
import { saveBlob } from '../attachments/attachments';
import { isOpinionStatus, useOpinionStatusLabel } from '../approval/status';
import type { FlowImageValue } from '../approval/types';
import type { ChartViewer } from './bpmnViewer';
import { MobileNodeList } from './MobileNodeList';
import { NodeDetail } from './NodeDetail';
import { SubProcesses } from './SubProcesses';
import { displayStateColors } from './nodeState';

/** Spec §5, §9: zoom 50–300 %, step 10. */
export const ZOOM_MIN = 50;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 10;

/**
 * Besides user tasks (reference: the original's only hotspots), a call activity opens its sub-processes
 * and a service task shows its call, so that a failed one can be seen and run again.
 */
const CLICKABLE_TYPES: ReadonlySet<string> = new Set(['CALLACTIVITY', 'SERVICETASK']);

/** A zoom in percent, rounded to the step and kept within the limits. */
export const clampZoom = (percent: number) =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(percent / ZOOM_STEP) * ZOOM_STEP));

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Flex align="center" gap={4} component="li">
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 14,
          height: 14,
          borderRadius: 3,
          border: `3px solid ${color}`,
        }}
      />
      <span>{label}</span>
    </Flex>
  );
}

function Legend({ image }: { image: FlowImageValue }) {
  const { t } = useTranslation();
  const statusLabel = useOpinionStatusLabel();
  const stateColors = displayStateColors(image.statusColorMap);
  const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
  return (
    <Flex vertical gap={4}>
      <Flex gap="small" wrap align="center">
        <Typography.Text strong id="eip-chart-legend-nodes">
          {t('approval.chart.legendNodes')}
        </Typography.Text>
        <Flex gap="small" wrap component="ul" style={listStyle} aria-labelledby="eip-chart-legend-nodes">
          {NODE_DISPLAY_STATES.map((state) => (
            <Swatch key={state} color={stateColors[state]} label={t(`approval.chart.nodeStates.${state}`)} />
          ))}
        </Flex>
      </Flex>
      <Flex gap="small" wrap align="center">
        <Typography.Text strong id="eip-chart-legend-status">
          {t('approval.chart.legendStatus')}
        </Typography.Text>
        <Flex gap="small" wrap component="ul" style={listStyle} aria-labelledby="eip-chart-legend-status">
          {Object.entries(image.statusColorMap)
            .filter(([status]) => isOpinionStatus(status))
            .map(([status, color]) => (
              <Swatch key={status} color={color} label={statusLabel(status)} />
            ))}
        </Flex>
      </Flex>
    </Flex>
  );
}

interface Anchor {
  nodeId: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The diagram drawn by bpmn-js (loaded on first use), nodes coloured and marked, zoom, node popovers. */
function Diagram({
  image,
  instId,
  onLeave,
}: {
  image: FlowImageValue;
  instId: string | undefined;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const viewer = useRef<ChartViewer | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const leaderId = useActingFor();

  useEffect(() => {
    let live = true;
    let created: ChartViewer | null = null;
    const clickable = new Set(
      image.bpmDefLayout.listLayout
        .filter((n) => isUserTaskType(n.nodeType) || CLICKABLE_TYPES.has(n.nodeType))
        .map((n) => n.nodeId),
    );
    void loadChunk(() => import('./bpmnViewer'))
      .then(({ createViewer }) => createViewer(container.current!, image.bpmnXml))
      .then((chart) => {
        created = chart;
        if (!live) return chart.destroy();
        viewer.current = chart;
        for (const node of image.bpmDefLayout.listLayout) {
          const state = image.nodeStatusMap[node.nodeId] ?? 'notStarted';
          chart.mark(node.nodeId, image.nodeColorMap[node.nodeId], `eip-node-${state}`);
        }
        chart.onNodeClick((nodeId) => {
          const bounds = chart.boundsOf(nodeId);
          const origin = frame.current?.getBoundingClientRect();
          if (!instId || !clickable.has(nodeId) || !bounds || !origin) return setAnchor(null);
          setAnchor({
            nodeId,
            left: bounds.left - origin.left,
            top: bounds.top - origin.top,
            width: bounds.width,
            height: bounds.height,
          });
        });
        setZoom(clampZoom(chart.zoom('fit') * 100));
      })
      .catch((error: unknown) => {
        if (live) setFailure(error instanceof Error ? error.message : String(error));
      });
    return () => {
      live = false;
      viewer.current = null;
      created?.destroy();
    };
  }, [image, instId]);

  const callActivities = new Set(
    image.bpmDefLayout.listLayout.filter((n) => n.nodeType === 'CALLACTIVITY').map((n) => n.nodeId),
  );
  const applyZoom = (percent: number) => {
    const next = clampZoom(percent);
    setAnchor(null);
    setZoom(next);
    viewer.current?.zoom(next / 100);
  };

  if (failure)
    return <Alert type="error" showIcon title={t('approval.chart.failed', { message: failure })} />;
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <Typography.Text id="eip-chart-zoom">{t('approval.chart.zoom')}</Typography.Text>
        <Button
          icon={<MinusOutlined />}
          aria-label={t('approval.chart.zoomOut')}
          disabled={zoom === null || zoom <= ZOOM_MIN}
          onClick={() => applyZoom((zoom ?? 100) - ZOOM_STEP)}
        />
        <InputNumber
          aria-labelledby="eip-chart-zoom"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={zoom}
          disabled={zoom === null}
          suffix="%"
          style={{ width: 100 }}
          onChange={(value) => value !== null && applyZoom(value)}
        />
        <Button
          icon={<PlusOutlined />}
          aria-label={t('approval.chart.zoomIn')}
          disabled={zoom === null || zoom >= ZOOM_MAX}
          onClick={() => applyZoom((zoom ?? 100) + ZOOM_STEP)}
        />
        <Tooltip title={t('approval.chart.fit')}>
          <Button
            icon={<CompressOutlined />}
            aria-label={t('approval.chart.fit')}
            disabled={zoom === null}
            onClick={() => viewer.current && applyZoom(viewer.current.zoom('fit') * 100)}
          />
        </Tooltip>
        <Tooltip title={t('approval.chart.downloadImage')}>
          <Button
            icon={<DownloadOutlined />}
            aria-label={t('approval.chart.downloadImage')}
            onClick={() =>
              void callBlob('getBpmImage', {
                query: instId ? { instId, leaderId } : { defId: image.defId },
              }).then((blob) => saveBlob(blob, `${image.bpmDefLayout.name}.svg`))
            }
          />
        </Tooltip>
      </Flex>
      <div ref={frame} style={{ position: 'relative' }}>
        {zoom === null && (
          <Flex role="status" style={{ position: 'absolute', inset: 0 }} align="center" justify="center">
            {t('approval.chart.loading')}
          </Flex>
        )}
        <div
          ref={container}
          className="eip-flow-chart"
          data-testid="flow-chart-canvas"
          style={{
            height: '60vh',
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
          }}
        />
        {anchor && (
          <Popover
            open
            trigger="click"
            placement="right"
            onOpenChange={(open) => !open && setAnchor(null)}
            content={
              instId &&
              (callActivities.has(anchor.nodeId) ? (
                <SubProcesses instId={instId} nodeId={anchor.nodeId} onOpen={onLeave} />
              ) : (
                <NodeDetail instId={instId} nodeId={anchor.nodeId} />
              ))
            }
          >
            <span
              aria-hidden
              style={{
                position: 'absolute',
                left: anchor.left,
                top: anchor.top,
                width: anchor.width,
                height: anchor.height,
                pointerEvents: 'none',
              }}
            />
          </Popover>
        )}
      </div>
    </Flex>
  );
}

/**
 * The flow chart dialog (spec §2 流程图): legend, diagram with node status and popovers, zoom; on a phone the
 * list of tasks instead.
 */
export function FlowChartDialog({
  instId,
  defId,
  open,
  onClose,
}: {
  instId?: string;
  defId?: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useSettings((state) => state.device === 'mobile');
  const leaderId = useActingFor();
  const image = useQuery({
    queryKey: approvalKeys.flowImage(instId, defId, leaderId),
    queryFn: () => call('instanceFlowImage', { query: instId ? { instId, leaderId } : { defId } }),
    enabled: open,
  });
  const opinions = useQuery({
    queryKey: approvalKeys.opinions(instId ?? '', leaderId),
    queryFn: () => call('instanceFlowOpinions', { query: { instId: instId!, leaderId } }),
    enabled: open && Boolean(instId),
  });
  const rows = opinions.data ?? [];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={
        image.data
          ? `${t('approval.chart.title')} — ${image.data.bpmDefLayout.name}`
          : t('approval.chart.title')
      }
      width={mobile ? '100%' : '90vw'}
      style={mobile ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : { top: 24 }}
      destroyOnHidden
    >
      {image.error && <Alert type="error" showIcon title={image.error.message} />}
      {(image.isPending || (instId && opinions.isPending)) && !image.error && <Skeleton active />}
      {image.data && (!instId || opinions.data) && (
        <Flex vertical gap="middle">
          <Legend image={image.data} />
          {mobile ? (
            <MobileNodeList instId={instId} opinions={rows} />
          ) : (
            <Diagram image={image.data} instId={instId} onLeave={onClose} />
          )}
        </Flex>
      )}
    </Modal>
  );
}
