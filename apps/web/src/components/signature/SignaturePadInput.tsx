import { ClearOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The drawing's height on the page; its width follows the container. */
const PAD_HEIGHT = 200;

/**
 * A handwriting pad (signature_pad: mouse, pen and touch) with clear and undo. `onChange` gets the
 * drawing as a PNG blob on a transparent background, or null when it is empty.
 */
export function SignaturePadInput({ onChange }: { onChange: (drawing: Blob | null) => void }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { penColor: '#000', backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    const report = () => {
      setEmpty(pad.isEmpty());
      if (pad.isEmpty()) onChangeRef.current(null);
      else canvas.toBlob((blob) => onChangeRef.current(blob), 'image/png');
    };
    // the canvas's pixels follow its CSS size and the screen's density, or strokes land off the pointer
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    pad.addEventListener('endStroke', report);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChange(null);
  };
  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const strokes = pad.toData();
    strokes.pop();
    pad.fromData(strokes);
    setEmpty(pad.isEmpty());
    if (pad.isEmpty()) onChange(null);
    else canvasRef.current!.toBlob((blob) => onChange(blob), 'image/png');
  };

  return (
    <Flex vertical gap={8}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('approval.sign.padLabel')}
        data-testid="signature-pad"
        style={{
          width: '100%',
          height: PAD_HEIGHT,
          touchAction: 'none',
          border: '1px dashed #bfbfbf',
          borderRadius: 8,
          background: '#fff',
          cursor: 'crosshair',
        }}
      />
      <Flex gap={8}>
        <Button icon={<UndoOutlined />} onClick={undo} disabled={empty}>
          {t('approval.sign.undo')}
        </Button>
        <Button icon={<ClearOutlined />} onClick={clear} disabled={empty}>
          {t('approval.sign.clear')}
        </Button>
      </Flex>
    </Flex>
  );
}
