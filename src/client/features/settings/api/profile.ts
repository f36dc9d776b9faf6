import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/auth.tsx";
import type { Faculty, MeResponse } from "#shared/schemas/auth.ts";
import type { ProfileDetailsInput } from "#shared/schemas/faculty.ts";

/** PUT /api/faculty/:id with the person's own name, title and department. */
export function useUpdateProfile(facultyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileDetailsInput) =>
      apiRequest<Faculty>("PUT", `/api/faculty/${facultyId}`, { body: input }),
    onSuccess: (faculty) => {
      // The top bar and the Profile screen show the new details at once.
      queryClient.setQueryData<MeResponse>(meQueryKey, (me) => (me ? { ...me, faculty } : me));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
