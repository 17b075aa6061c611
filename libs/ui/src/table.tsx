import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Plain semantic table styles; wrap in TableScroll so narrow screens scroll instead of overflowing. */
export const TableScroll = styled.div`
  width: 100%;
  overflow-x: auto;
  /* Holds the visually hidden labels (absolutely placed) of its cells, or they widen the page. */
  position: relative;
`;

export const Table = styled.table<{ $pinLastColumn?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th, td {
    text-align: left;
    padding: 10px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: ${({ theme }) => theme.space(2)};
  }
  /* Row actions stay in view at the right edge while the other columns scroll beneath them. */
  ${({ $pinLastColumn, theme }) =>
    $pinLastColumn
      ? `th:last-child, td:last-child {
          position: sticky;
          right: 0;
          background: ${theme.colors.surface};
          box-shadow: -1px 0 0 ${theme.colors.border};
        }`
      : ''}
`;

export interface DataTableProps {
  /** A visible caption naming the table. */
  caption?: ReactNode;
  /** The table's accessible name when it has no caption. */
  label?: string;
  /** The column headings, in order (each a `<th scope="col">`). */
  columns: readonly string[];
  /** The rows: `<tr>` elements. */
  children: ReactNode;
  /** At most this tall (px); longer tables scroll inside it. */
  maxHeight?: number;
  /** The last column holds each row's actions: it stays in view at the right edge on narrow screens. */
  pinLastColumn?: boolean;
}

/** A scrolling table with a heading row: the shape of every list screen's table. */
export function DataTable({ caption, label, columns, children, maxHeight, pinLastColumn }: DataTableProps) {
  return (
    <TableScroll style={maxHeight === undefined ? undefined : { maxHeight, overflowY: 'auto' }}>
      <Table aria-label={label} $pinLastColumn={pinLastColumn}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableScroll>
  );
}
