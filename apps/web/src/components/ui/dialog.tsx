import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function Overlay() {
  return <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />;
}

interface ContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
}

/** The portal, overlay, title and close button every dialog and sheet has; `description` is read with the title. */
function Frame({
  title,
  description,
  closeLabel,
  className,
  titleClassName,
  bodyClassName,
  children,
  ...props
}: ContentProps & { titleClassName: string; bodyClassName: string }) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content className={cn('fixed z-50 bg-white shadow-xl', className)} {...props}>
        <DialogPrimitive.Title className={titleClassName}>{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className={bodyClassName}>{children}</div>
        <DialogPrimitive.Close
          className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({ className, ...props }: ContentProps) {
  return (
    <Frame
      className={cn(
        'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6',
        className,
      )}
      titleClassName="text-lg font-semibold text-slate-900"
      bodyClassName="mt-4"
      {...props}
    />
  );
}

/** A panel sliding in from the side (the mobile navigation). */
export function SheetContent({ className, ...props }: Omit<ContentProps, 'description'>) {
  return (
    <Frame
      className={cn('inset-y-0 right-0 flex w-[min(20rem,85vw)] flex-col p-5', className)}
      titleClassName="text-base font-semibold text-slate-900"
      bodyClassName="mt-4 flex flex-1 flex-col overflow-y-auto"
      {...props}
    />
  );
}
