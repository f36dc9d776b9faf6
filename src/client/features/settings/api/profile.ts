import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/auth.tsx";
import type { MeResponse } from "#shared/schemas/auth.ts";
import type { ProfileDetailsInput } from "#shared/schemas/faculty.ts";

/** PUT /api/faculty/:id with the person's own name, title and department. */
export const updateProfile = (id: number, input: ProfileDetailsInput) =>
  answerOf(api.PUT("/api/faculty/{id}", { params: { path: { id } }, body: input }));

export function useUpdateProfile(facultyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileDetailsInput) => updateProfile(facultyId, input),
    onSuccess: (faculty) => {
      // The top bar and the Profile screen show the new details at once.
      queryClient.setQueryData<MeResponse>(meQueryKey, (me) => (me ? { ...me, faculty } : me));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
