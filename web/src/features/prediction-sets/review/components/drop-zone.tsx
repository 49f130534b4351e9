import { useState } from 'react';
import classes from './review.module.css';

/** What a tree row carries when dragged out of the review's tree: the code as a review tree node (JSON). */
export const reviewNodeDragType = 'application/x-og-review-node';

/** SPEC §2: 'Drag and drop occupation here'; a dropped tree node is added to (or, if chosen, removed from) the draft. */
export function DropZone({ onDropNode }: { onDropNode: (json: string) => void }) {
  const [over, setOver] = useState(false);
  const accepts = (event: React.DragEvent) => event.dataTransfer.types.includes(reviewNodeDragType);
  return (
    <div
      className={classes.dropZone}
      data-over={over || undefined}
      data-testid="drop-zone"
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const json = event.dataTransfer.getData(reviewNodeDragType);
        if (!json) return;
        event.preventDefault();
        onDropNode(json);
      }}
    >
      Drag and drop occupation here
    </div>
  );
}
