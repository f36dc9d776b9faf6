import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "#client/components/ui/dialog.tsx";
import { Brand } from "./brand.tsx";
import { SideNav } from "./side-nav.tsx";

/** Below 1024px the navigation lives in a sheet behind a menu button. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation menu" className="lg:hidden">
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent variant="sheet-left" closeLabel="Close navigation menu" aria-describedby={undefined}>
        <DialogTitle className="sr-only">Navigation</DialogTitle>
        <div className="flex h-16 items-center border-b px-4">
          <Brand onNavigate={close} />
        </div>
        <SideNav onNavigate={close} />
      </DialogContent>
    </Dialog>
  );
}
