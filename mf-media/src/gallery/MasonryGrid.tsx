import { useMemo, useRef } from 'react';
import type { SharedImage } from '@qiming/sdk/contracts';
import { GalleryTile } from './GalleryTile';
import { layoutMasonry } from './masonry';
import { useVisibleTiles, useWidth } from './useVisibleTiles';
import styles from './gallery.module.css';

interface Props {
  items: SharedImage[];
  onOpen(imageId: string): void;
  onLike(imageId: string): void;
  /** The end of the grid is within a screen of the viewport: time for the next page. */
  onNearEnd(): void;
}

/**
 * The virtualised masonry: the whole grid's height is reserved, and only the tiles within a screen
 * of the viewport exist in the DOM.
 */
export function MasonryGrid({ items, onOpen, onLike, onNearEnd }: Props) {
  const grid = useRef<HTMLDivElement>(null);
  const width = useWidth(grid);
  const layout = useMemo(() => layoutMasonry(items, width), [items, width]);
  const { indices, flicking } = useVisibleTiles(grid, layout, onNearEnd);
  return (
    <div ref={grid} className={styles.grid} style={{ height: layout.height }} data-testid="gallery-grid" data-columns={layout.columns.length} data-count={items.length}>
      {indices.map((index) => {
        const image = items[index];
        const box = layout.boxes[index];
        return image && box ? <GalleryTile key={image.imageId} image={image} box={box} index={index} deferImage={flicking} onOpen={onOpen} onLike={onLike} /> : null;
      })}
    </div>
  );
}
